#pragma once
// The files of a report folder (docs/report-format.md), in one table: each file's name (and its
// name with --gzip), its header line where it has one, and which runs write it. The pipeline
// opens, names, lists in the marker and recognises report files from this table only; a new
// output file is a row here (tests/report/files.test.cpp checks the table against the
// documented list).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sgfaudit/audit/audit.hpp"
#include "sgfaudit/sgf/diagnostic.hpp"

namespace sgfaudit::report {

// Every entry a report folder may hold.
enum class FolderFile : std::uint8_t {
    games_jsonl,
    divergences_csv,
    diagnostics_csv,
    record_issues_csv,
    results_csv,
    summary_md,
    summary_json,
    index_html,
    rules_md,
    diagnostics_md,
    marker,  // .sgfaudit-report, written last
    report_sqlite,
    shard_chunks,
    pages,  // a folder
};

// When a run writes an entry.
enum class WrittenWhen : std::uint8_t {
    always,
    sqlite,  // --sqlite (a merge: when its shards were made with it)
    shard,   // --shard K/N (not a merge): the chunks merge joins
    paged,   // index.html would pass kMaxPageBytes: its groups of divergences go to pages/
};

struct FolderFileRow {
    FolderFile file;
    std::string_view name;
    // The name with --gzip ("" when --gzip does not change the entry).
    std::string_view gzip_name;
    WrittenWhen when;
    // The header line (with '\n'), "" for a file without one. "{rulesets}" stands for the run's
    // rulesets, one column each (divergences.csv).
    std::string_view header;
    // Its place in the list of files `audit` and `merge` end with (announced_files), 0 when it
    // is not named there.
    std::uint8_t announced = 0;
};

// In the order the marker lists them (the marker itself is not in its own list).
inline constexpr std::array<FolderFileRow, 14> kFolderFiles = {{
    {FolderFile::games_jsonl, "games.jsonl", "games.jsonl.gz", WrittenWhen::always, "", 4},
    {FolderFile::divergences_csv, "divergences.csv", "", WrittenWhen::always,
     "file,game,move,color,point,sgf,kind,cause,clause,rulesets,{rulesets},summary,settled,knobs,"
     "unsure\n",
     5},
    {FolderFile::diagnostics_csv, "diagnostics.csv", "", WrittenWhen::always,
     "file,game,line,column,severity,code,message\n", 7},
    {FolderFile::record_issues_csv, "record_issues.csv", "", WrittenWhen::always,
     "file,game,move,line,column,severity,code,message\n", 6},
    {FolderFile::results_csv, "results.csv", "", WrittenWhen::always,
     "file,game,width,height,black,white,ru,re,km,handicap,moves,ending,ruleset,end,end_move,"
     "scored,decisive,winner,margin,area_black,area_white,territory_black,territory_white,komi,"
     "settled,dead_source,illegal,record_check\n",
     8},
    {FolderFile::summary_md, "summary.md", "", WrittenWhen::always, "", 1},
    {FolderFile::summary_json, "summary.json", "", WrittenWhen::always, "", 2},
    {FolderFile::index_html, "index.html", "", WrittenWhen::always, "", 3},
    {FolderFile::rules_md, "rules.md", "", WrittenWhen::always, "", 10},
    {FolderFile::diagnostics_md, "diagnostics.md", "", WrittenWhen::always, "", 11},
    {FolderFile::marker, ".sgfaudit-report", "", WrittenWhen::always, "", 0},
    {FolderFile::report_sqlite, "report.sqlite", "", WrittenWhen::sqlite, "", 9},
    {FolderFile::shard_chunks, "shard.chunks", "", WrittenWhen::shard, "", 0},
    {FolderFile::pages, "pages", "", WrittenWhen::paged, "", 0},
}};

constexpr const FolderFileRow& folder_file(FolderFile f) {
    return kFolderFiles[static_cast<std::size_t>(f)];
}
// An entry's name (with --gzip when `gzip`).
constexpr std::string_view file_name(FolderFile f, bool gzip = false) {
    const FolderFileRow& row = folder_file(f);
    return gzip && !row.gzip_name.empty() ? row.gzip_name : row.name;
}
// A file's header line, "{rulesets}" replaced by `rulesets` (CSV fields, comma-separated).
std::string header_line(FolderFile f, std::span<const std::string> rulesets = {});
// `anchor` in index.html ("index.html#unread"), and in it as a page of pages/ links to it.
std::string index_link(std::string_view anchor);
std::string index_link_from_pages(std::string_view anchor);
// A page of pages/ ("pages/ID.html", past the first "pages/ID-N.html").
std::string page_path(std::string_view id, std::size_t page);

// Of the options of a run, those that decide which entries it writes.
struct FolderSelection {
    bool gzip = false;    // --gzip
    bool sqlite = false;  // --sqlite (a merge: its shards')
    bool shard = false;   // --shard K/N, not a merge
    bool paged = false;   // index.html's groups went to pages/
};
bool written(const FolderFileRow& row, const FolderSelection& selection) noexcept;
// The entries a run writes, in kFolderFiles order, the marker among them.
std::vector<std::string_view> folder_entries(const FolderSelection& selection);
// True for a name a run may write into a report folder (any selection).
bool report_entry(std::string_view name) noexcept;

// Of the options of a run, those that decide which games and files games.jsonl has a line
// for; they change no other file (--full-json changes its form, not its lines).
struct JsonlSelection {
    bool findings_only = false;  // --findings-only
    // --only: bit (1 << audit::DivergenceKind) for a kind, kOnlyRecordErrors for record
    // errors; 0: every game.
    std::uint32_t only = 0;
    // A game's line: a game with findings under --findings-only, one --only asks for.
    bool game(const audit::GameAudit& audit) const;
    // The line of a file that gave no game, or of a folder entry the walk could not take: none
    // with --only; under --findings-only, only with an error among its diagnostics.
    bool file(std::span<const sgf::Diagnostic> diagnostics) const;
};
// JsonlSelection::only: games with a record issue of severity error (--only record_errors).
inline constexpr std::uint32_t kOnlyRecordErrors = 1u << 5;

// The closing line of `audit` and `merge`: the files of the report named for the user.
std::string announced_files(bool sqlite);

}  // namespace sgfaudit::report
