// The rows of report.sqlite and results.csv (docs/report-format.md, "report.sqlite and
// results.csv"), made from the same facts as games.jsonl and the other CSV files.

#include "sgfaudit/report/tables.hpp"

#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cstring>
#include <optional>

#include "common.hpp"
#include "json.hpp"
#include "sgfaudit/report/cause.hpp"
#include "sgfaudit/report/ignore.hpp"

namespace sgfaudit::report {

using detail::color_letter;
using detail::ruleset_label;
using detail::winner_letter;

namespace {

// The CREATE statements: a column is added here (and to the row that writes it) and nowhere
// else; the tables' column counts are read from this text (kTables below).
constexpr std::string_view kSchema = R"(CREATE TABLE run(
  schema TEXT NOT NULL,
  version TEXT NOT NULL,
  paths TEXT NOT NULL,
  rulesets TEXT NOT NULL,
  dead TEXT NOT NULL,
  on_illegal TEXT NOT NULL,
  max_listed INTEGER NOT NULL,
  jsonl_form TEXT NOT NULL,
  ignore TEXT NOT NULL,
  games_jsonl TEXT NOT NULL
);
CREATE TABLE rulesets(
  ruleset_index INTEGER PRIMARY KEY,
  label TEXT NOT NULL UNIQUE
);
CREATE TABLE games(
  game_id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  game INTEGER NOT NULL,
  auditable INTEGER NOT NULL,
  findings INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  black TEXT NOT NULL,
  black_rank TEXT NOT NULL,
  white TEXT NOT NULL,
  white_rank TEXT NOT NULL,
  ru TEXT NOT NULL,
  re TEXT,
  km REAL,
  km_text TEXT NOT NULL,
  handicap INTEGER NOT NULL,
  first_player TEXT NOT NULL,
  moves INTEGER NOT NULL,
  ending TEXT NOT NULL,
  illegal INTEGER NOT NULL,
  divergences INTEGER NOT NULL,
  record_errors INTEGER NOT NULL
);
CREATE TABLE results(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  ruleset_index INTEGER NOT NULL REFERENCES rulesets(ruleset_index),
  ruleset TEXT NOT NULL REFERENCES rulesets(label),
  end_kind TEXT NOT NULL,
  end_move INTEGER NOT NULL,
  scored INTEGER NOT NULL,
  counted INTEGER NOT NULL,
  decisive TEXT NOT NULL,
  winner TEXT NOT NULL,
  margin REAL NOT NULL,
  b_minus_w REAL NOT NULL,
  area_black REAL NOT NULL,
  area_white REAL NOT NULL,
  area_winner TEXT NOT NULL,
  territory_black REAL NOT NULL,
  territory_white REAL NOT NULL,
  territory_winner TEXT NOT NULL,
  komi REAL NOT NULL,
  komi_source TEXT NOT NULL,
  handicap_bonus REAL NOT NULL,
  settled INTEGER NOT NULL,
  unsettled TEXT,
  dead_source TEXT NOT NULL,
  black_stones INTEGER NOT NULL,
  white_stones INTEGER NOT NULL,
  black_territory INTEGER NOT NULL,
  white_territory INTEGER NOT NULL,
  neutral INTEGER NOT NULL,
  captures_by_black INTEGER NOT NULL,
  captures_by_white INTEGER NOT NULL,
  dead_black INTEGER NOT NULL,
  dead_white INTEGER NOT NULL,
  passes_black INTEGER NOT NULL,
  passes_white INTEGER NOT NULL,
  illegal INTEGER NOT NULL,
  PRIMARY KEY(game_id, ruleset_index)
) WITHOUT ROWID;
CREATE TABLE divergences(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  divergence INTEGER NOT NULL,
  pair INTEGER NOT NULL,
  kind TEXT NOT NULL,
  move INTEGER,
  color TEXT,
  point TEXT,
  clause TEXT NOT NULL,
  cause TEXT NOT NULL,
  ruleset_a TEXT REFERENCES rulesets(label),
  ruleset_b TEXT REFERENCES rulesets(label),
  verdict_a TEXT,
  verdict_b TEXT,
  winner_a TEXT,
  margin_a REAL,
  winner_b TEXT,
  margin_b REAL,
  swing REAL,
  summary TEXT NOT NULL,
  settled INTEGER NOT NULL,
  knobs TEXT,
  unsure TEXT,
  PRIMARY KEY(game_id, divergence, pair)
) WITHOUT ROWID;
CREATE TABLE record_checks(
  game_id INTEGER PRIMARY KEY REFERENCES games(game_id),
  verdict TEXT NOT NULL,
  ruleset TEXT NOT NULL,
  ru TEXT NOT NULL,
  mapped TEXT NOT NULL,
  re TEXT NOT NULL,
  computed TEXT NOT NULL,
  computed_winner TEXT,
  computed_margin REAL,
  reason TEXT NOT NULL,
  difference REAL,
  dead_source TEXT NOT NULL,
  settled INTEGER
);
CREATE TABLE record_issues(
  game_id INTEGER NOT NULL REFERENCES games(game_id),
  issue INTEGER NOT NULL,
  move INTEGER,
  line INTEGER,
  col INTEGER,
  severity TEXT NOT NULL,
  code TEXT NOT NULL,
  message TEXT NOT NULL,
  PRIMARY KEY(game_id, issue)
) WITHOUT ROWID;
CREATE TABLE diagnostics(
  diagnostic_id INTEGER PRIMARY KEY,
  file TEXT NOT NULL,
  game INTEGER,
  line INTEGER,
  col INTEGER,
  severity TEXT NOT NULL,
  code TEXT NOT NULL,
  message TEXT NOT NULL
);
)";

// The columns of the CREATE TABLE statement of `table` in kSchema: its lines but the key
// constraints ("  PRIMARY KEY(...)").
constexpr std::size_t schema_columns(std::string_view table) {
    constexpr std::string_view kHead = "CREATE TABLE ";
    for (std::size_t at = kSchema.find(kHead); at != std::string_view::npos;
         at = kSchema.find(kHead, at + 1)) {
        const std::size_t name = at + kHead.size();
        const std::size_t open = kSchema.find("(\n", name);
        if (kSchema.substr(name, open - name) != table) continue;
        std::size_t n = 0;
        for (std::size_t line = open + 2; kSchema.substr(line, 1) != ")";
             line = kSchema.find('\n', line) + 1) {
            if (!kSchema.substr(line).starts_with("  PRIMARY KEY")) ++n;
        }
        return n;
    }
    return 0;
}

// One table: its name and how many columns it has.
struct TableDef {
    std::string_view name;
    std::size_t columns;
};

constexpr std::array<TableDef, kSqlTables> kTables{{
    {"run", schema_columns("run")},
    {"rulesets", schema_columns("rulesets")},
    {"games", schema_columns("games")},
    {"results", schema_columns("results")},
    {"divergences", schema_columns("divergences")},
    {"record_checks", schema_columns("record_checks")},
    {"record_issues", schema_columns("record_issues")},
    {"diagnostics", schema_columns("diagnostics")},
}};

constexpr std::string_view kIndexes = R"(CREATE INDEX games_file ON games(file, game);
CREATE INDEX results_ruleset ON results(ruleset, winner);
CREATE INDEX divergences_kind ON divergences(kind, cause);
CREATE INDEX divergences_rulesets ON divergences(ruleset_a, ruleset_b);
CREATE INDEX record_checks_verdict ON record_checks(verdict);
CREATE INDEX record_issues_code ON record_issues(code);
CREATE INDEX diagnostics_code ON diagnostics(code);
CREATE INDEX diagnostics_file ON diagnostics(file, game);
)";

// Encoded rows: [u32 bytes after this field][u8 table][u8 values] then each value: u8 type,
// then integer/real as 8 bytes (little-endian), text as u32 length and its bytes.
class RowWriter {
  public:
    RowWriter(std::string& out, SqlTable table) : out_(out), start_(out.size()) {
        out_.append(4, '\0');
        out_ += static_cast<char>(table);
        out_ += '\0';
    }
    RowWriter(const RowWriter&) = delete;
    RowWriter& operator=(const RowWriter&) = delete;
    ~RowWriter() {
        const auto n = static_cast<std::uint32_t>(out_.size() - start_ - 4);
        for (int i = 0; i < 4; ++i) out_[start_ + i] = static_cast<char>((n >> (8 * i)) & 0xFF);
    }
    RowWriter& null() {
        begin(SqlValue::Type::null);
        return *this;
    }
    RowWriter& integer(std::int64_t v) {
        begin(SqlValue::Type::integer);
        put64(static_cast<std::uint64_t>(v));
        return *this;
    }
    RowWriter& boolean(bool v) { return integer(v ? 1 : 0); }
    RowWriter& real(double v) {
        begin(SqlValue::Type::real);
        std::uint64_t bits = 0;
        std::memcpy(&bits, &v, sizeof bits);
        put64(bits);
        return *this;
    }
    RowWriter& text(std::string_view v) {
        begin(SqlValue::Type::text);
        const auto n = static_cast<std::uint32_t>(v.size());
        for (int i = 0; i < 4; ++i) out_ += static_cast<char>((n >> (8 * i)) & 0xFF);
        out_ += v;
        return *this;
    }
    RowWriter& opt_text(const std::optional<std::string_view>& v) { return v ? text(*v) : null(); }
    RowWriter& opt_real(const std::optional<double>& v) { return v ? real(*v) : null(); }
    RowWriter& opt_integer(std::int64_t v, bool present) { return present ? integer(v) : null(); }

  private:
    void begin(SqlValue::Type t) {
        out_ += static_cast<char>(t);
        ++out_[start_ + 5];
    }
    void put64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) out_ += static_cast<char>((v >> (8 * i)) & 0xFF);
    }
    std::string& out_;
    std::size_t start_;
};

std::uint64_t get(std::string_view s, std::size_t at, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) {
        v |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[at + i])) << (8 * i);
    }
    return v;
}

double black_minus_white(const audit::Count& c) {
    return c.black - c.white;
}

std::uint32_t illegal_plays(const audit::RulesetResult& r) {
    return static_cast<std::uint32_t>(r.illegal.size()) + r.illegal_omitted;
}

// The games row: the game's facts, its count of divergences and of record errors.
void append_sql_game_row(std::string& out, const CheckInput& in, const GameFacts& facts) {
    const audit::GameAudit& a = *in.audit;
    std::uint32_t divergences = 0;
    for (const std::uint32_t n : facts.divergences) divergences += n;
    std::uint32_t record_errors = 0;
    for (const auto& [code, severity] : facts.record_issues) {
        record_errors += severity == audit::IssueSeverity::error ? 1 : 0;
    }
    for (const audit::OmittedIssues& o : facts.record_issues_omitted) {
        record_errors += o.severity == audit::IssueSeverity::error ? o.count : 0;
    }
    RowWriter w(out, SqlTable::games);
    w.text(in.file).integer(in.game + 1).boolean(a.auditable).boolean(audit::has_findings(a));
    w.integer(a.width).integer(a.height);
    w.text(in.black_name).text(in.black_rank).text(in.white_name).text(in.white_rank);
    w.text(in.rules).opt_text(in.result).opt_real(in.komi).text(in.komi_text);
    w.integer(a.handicap).text(color_letter(a.first_player)).integer(a.moves);
    w.text(to_string(facts.ending)).boolean(facts.illegal).integer(divergences);
    w.integer(record_errors);
}

// The results row of the game's ruleset number `i`.
void append_sql_result_row(std::string& out, const audit::GameAudit& a, std::size_t i) {
    const audit::RulesetResult& r = a.results[i];
    const audit::Score& s = r.score;
    RowWriter w(out, SqlTable::results);
    w.integer(static_cast<std::int64_t>(i)).text(ruleset_label(r.ruleset));
    w.text(audit::to_string(r.end)).integer(r.end_move).boolean(s.scored);
    w.boolean(detail::counted(a, i)).text(audit::to_string(s.decisive));
    w.text(winner_letter(s.decision().winner)).real(s.decision().margin);
    w.real(black_minus_white(s.decision()));
    w.real(s.area.black).real(s.area.white).text(winner_letter(s.area.winner));
    w.real(s.territory.black).real(s.territory.white).text(winner_letter(s.territory.winner));
    w.real(s.komi).text(komi_source_text(s)).real(s.handicap_bonus).boolean(s.settled);
    w.opt_text(s.settled ? std::nullopt
                         : std::optional<std::string_view>(audit::to_string(s.unsettled)));
    w.text(dead_source_text(s.dead_source, s.dead_oracle, s.engine_dead));
    w.integer(s.black_stones).integer(s.white_stones);
    w.integer(s.black_territory).integer(s.white_territory).integer(s.neutral);
    w.integer(s.captures_by_black).integer(s.captures_by_white);
    w.integer(s.dead_black).integer(s.dead_white);
    w.integer(s.passes_black).integer(s.passes_white);
    w.integer(illegal_plays(r));
}

// The verdict of `ruleset` on `d`, null when the divergence has none.
const audit::Verdict* verdict_of(const audit::GameAudit& a, const audit::Divergence& d,
                                 std::uint16_t ruleset) {
    if (ruleset >= a.results.size()) return nullptr;
    for (const audit::Verdict& v : d.verdicts) {
        if (v.ruleset == ruleset) return &v;
    }
    return nullptr;
}

// The divergences row of divergence `number`, pair `pair` of it (its cause `c`); `summary` is
// the divergence's summary, the same for each of its pairs.
void append_sql_divergence_row(std::string& out, const audit::GameAudit& a,
                               const audit::Divergence& d, std::int64_t number, std::int64_t pair,
                               const PairCause& c, const std::string& summary) {
    const bool one = c.second == c.first;
    const audit::Verdict* va = verdict_of(a, d, c.first);
    const audit::Verdict* vb = one ? nullptr : verdict_of(a, d, c.second);
    RowWriter w(out, SqlTable::divergences);
    w.integer(number).integer(pair).text(audit::to_string(d.kind));
    w.opt_integer(d.move, d.move != 0);
    if (d.has_point) {
        w.text(color_letter(d.color));
        const std::optional<std::string> p = detail::board_point(d.point, a.width, a.height);
        w.opt_text(p ? std::optional<std::string_view>(*p) : std::nullopt);
    } else {
        w.null().null();
    }
    w.text(d.clause).text(to_string(c.cause));
    const auto label = [&](const audit::Verdict* v) {
        return v == nullptr
                   ? std::nullopt
                   : std::optional<std::string_view>(ruleset_label(a.results[v->ruleset].ruleset));
    };
    w.opt_text(label(va)).opt_text(label(vb));
    const auto text = [&](const audit::Verdict* v) {
        return v == nullptr ? std::optional<std::string>()
                            : std::optional<std::string>(detail::verdict_text(a, d, *v));
    };
    const std::optional<std::string> ta = text(va), tb = text(vb);
    w.opt_text(ta ? std::optional<std::string_view>(*ta) : std::nullopt);
    w.opt_text(tb ? std::optional<std::string_view>(*tb) : std::nullopt);
    // The counts of an outcome, accounting or record verdict: winner and margin, and
    // the swing between the two sides (Black's margin under A less under B).
    std::optional<double> bw_a, bw_b;
    for (const auto& [v, bw] : {std::pair{va, &bw_a}, std::pair{vb, &bw_b}}) {
        if (v != nullptr && v->count) {
            const audit::Count& cnt = audit::count_of(a.results[v->ruleset].score, *v->count);
            w.text(winner_letter(cnt.winner)).real(cnt.margin);
            *bw = black_minus_white(cnt);
        } else {
            w.null().null();
        }
    }
    w.opt_real(bw_a && bw_b ? std::optional<double>(*bw_a - *bw_b) : std::nullopt);
    w.text(summary);
    // Added within the schema: whether this pair's counts are settled, the knobs that
    // alone flip it (or reproduce RE) with their swings, the strings left undecided.
    w.boolean(c.settled);
    const std::string knobs = detail::knobs_text(c.knobs);
    w.opt_text(knobs.empty() ? std::nullopt : std::optional<std::string_view>(knobs));
    const std::string unsure = c.settled ? std::string() : detail::unsure_text(a, c);
    w.opt_text(c.settled ? std::nullopt : std::optional<std::string_view>(unsure));
}

// The record_checks row: the record against its own rules.
void append_sql_record_check_row(std::string& out, const audit::GameAudit& a) {
    const audit::RecordVerdict& rv = a.record;
    RowWriter w(out, SqlTable::record_checks);
    w.text(audit::to_string(rv.check)).text(rv.counted_under).text(rv.rules).text(rv.mapped);
    w.text(rv.recorded).text(detail::record_computed(rv));
    if (rv.count) {
        w.text(winner_letter(rv.count->winner)).real(rv.count->margin);
    } else {
        w.null().null();
    }
    w.text(detail::record_reason(rv)).opt_real(rv.difference);
    w.text(rv.dead_source ? dead_source_text(*rv.dead_source, rv.dead_oracle, rv.engine_dead)
                          : std::string());
    // Whether the count RE was compared with is settled (null: not compared).
    std::optional<bool> settled;
    for (const audit::RulesetResult& r : a.results) {
        if (rv.count && ruleset_label(r.ruleset) == rv.counted_under) settled = r.score.settled;
    }
    if (settled) {
        w.boolean(*settled);
    } else {
        w.null();
    }
}

// The record_issues rows, numbered from 1; those of a code --ignore sets aside left out.
void append_sql_record_issue_rows(std::string& out, const CheckInput& in) {
    const audit::GameAudit& a = *in.audit;
    std::int64_t issue = 0;
    for (std::size_t i = 0; i < a.record_issues.size(); ++i) {
        const audit::RecordIssue& ri = a.record_issues[i];
        if (is_ignored(in.ignore, audit::to_string(ri.code()))) continue;
        const bool located = i < in.issue_locations.size() && in.issue_locations[i].line != 0;
        RowWriter w(out, SqlTable::record_issues);
        w.integer(++issue).opt_integer(ri.move, ri.move != 0);
        w.opt_integer(located ? in.issue_locations[i].line : 0, located);
        w.opt_integer(located ? in.issue_locations[i].column : 0, located);
        w.text(audit::to_string(ri.severity)).text(audit::to_string(ri.code()));
        w.text(issue_message(ri, a.height));
    }
}

}  // namespace

std::string_view to_string(SqlTable t) noexcept {
    return kTables[static_cast<std::size_t>(t)].name;
}

bool takes_game_id(SqlTable t) noexcept {
    return t != SqlTable::run && t != SqlTable::rulesets && t != SqlTable::diagnostics;
}

std::string_view sql_schema() noexcept {
    return kSchema;
}

std::string_view sql_indexes() noexcept {
    return kIndexes;
}

std::size_t sql_columns(SqlTable t) noexcept {
    return kTables[static_cast<std::size_t>(t)].columns;
}

std::string sql_insert(SqlTable t) {
    std::string s = fmt::format("INSERT INTO {} VALUES(", to_string(t));
    for (std::size_t i = 0; i < sql_columns(t); ++i) s += i == 0 ? "?" : ",?";
    return s + ")";
}

void append_sql_run_rows(std::string& out, const RunDescription& run, std::string_view version,
                         bool full_json) {
    std::string paths, rulesets, ignore;
    for (const std::string& p : run.paths) paths += (paths.empty() ? "" : "\n") + p;
    for (const std::string& r : run.rulesets) rulesets += (rulesets.empty() ? "" : ",") + r;
    for (const std::string& c : run.ignore) ignore += (ignore.empty() ? "" : ",") + c;
    std::string only;
    for (const std::string& k : run.only) only += (only.empty() ? "" : ",") + k;
    {
        RowWriter w(out, SqlTable::run);
        w.text(kSqlSchema).text(version).text(paths).text(rulesets).text(run.dead);
        w.text(run.on_illegal).integer(run.max_listed).text(full_json ? "full" : "compact");
        w.text(ignore);
        w.text(run.findings_only ? "findings_only" : only.empty() ? "all" : "only:" + only);
    }
    for (std::size_t i = 0; i < run.rulesets.size(); ++i) {
        RowWriter w(out, SqlTable::rulesets);
        w.integer(static_cast<std::int64_t>(i)).text(run.rulesets[i]);
    }
}

void append_sql_game_rows(std::string& out, const CheckInput& in, const GameFacts& facts) {
    const audit::GameAudit& a = *in.audit;
    append_sql_game_row(out, in, facts);
    for (std::size_t i = 0; i < a.results.size(); ++i) append_sql_result_row(out, a, i);
    std::int64_t number = 0;
    for (const audit::Divergence& d : a.divergences) {
        ++number;
        const std::vector<PairCause> causes = divergence_causes(a, d);
        const std::string summary = detail::divergence_summary(a, d);
        std::int64_t pair = 0;
        for (const PairCause& c : causes)
            append_sql_divergence_row(out, a, d, number, ++pair, c, summary);
    }
    append_sql_record_check_row(out, a);
    append_sql_record_issue_rows(out, in);
}

void append_sql_diagnostic_rows(std::string& out, std::span<const sgf::Diagnostic> diagnostics,
                                std::span<const std::string> ignore) {
    for (const sgf::Diagnostic& d : diagnostics) {
        if (is_ignored(ignore, d.code)) continue;
        RowWriter w(out, SqlTable::diagnostics);
        w.null().text(d.file).opt_integer(d.game + 1, d.game >= 0);
        w.opt_integer(d.where.line, d.where.line != 0)
            .opt_integer(d.where.column, d.where.line != 0);
        w.text(sgf::to_string(d.severity)).text(d.code).text(d.message);
    }
}

bool next_sql_row(std::string_view& in, SqlTable& table, std::vector<SqlValue>& values,
                  bool& damaged) {
    damaged = false;
    values.clear();
    if (in.size() < 4) return false;
    const std::uint64_t n = get(in, 0, 4);
    if (in.size() - 4 < n) return false;
    std::string_view row = in.substr(4, n);
    const auto fail = [&] {
        damaged = true;
        values.clear();
        return false;
    };
    if (row.size() < 2 || static_cast<unsigned char>(row[0]) >= kSqlTables) return fail();
    table = static_cast<SqlTable>(row[0]);
    const auto count = static_cast<unsigned char>(row[1]);
    std::size_t at = 2;
    for (unsigned k = 0; k < count; ++k) {
        if (at >= row.size()) return fail();
        SqlValue v;
        const auto type = static_cast<unsigned char>(row[at++]);
        switch (type) {
            case static_cast<unsigned char>(SqlValue::Type::null):
                break;
            case static_cast<unsigned char>(SqlValue::Type::integer):
            case static_cast<unsigned char>(SqlValue::Type::real): {
                if (row.size() - at < 8) return fail();
                const std::uint64_t bits = get(row, at, 8);
                at += 8;
                if (type == static_cast<unsigned char>(SqlValue::Type::integer)) {
                    v.integer = static_cast<std::int64_t>(bits);
                } else {
                    std::memcpy(&v.real, &bits, sizeof bits);
                }
                break;
            }
            case static_cast<unsigned char>(SqlValue::Type::text): {
                if (row.size() - at < 4) return fail();
                const std::uint64_t len = get(row, at, 4);
                at += 4;
                if (row.size() - at < len) return fail();
                v.text = row.substr(at, len);
                at += len;
                break;
            }
            default:
                return fail();
        }
        v.type = static_cast<SqlValue::Type>(type);
        values.push_back(v);
    }
    if (at != row.size() || values.size() + (takes_game_id(table) ? 1 : 0) != sql_columns(table)) {
        return fail();
    }
    in.remove_prefix(4 + n);
    return true;
}

namespace {

// Appends the decimal digits of `v` (as fmt's "{}" writes an integer).
void append_integer(std::string& out, std::int64_t v) {
    char buffer[24];
    out.append(buffer, v < 0 ? std::to_chars(buffer, buffer + sizeof buffer, v).ptr
                             : detail::write_integer(buffer, v));
}

// The columns file..ending of a row of results.csv, and the comma after them.
void append_game_columns(std::string& out, const CheckInput& in, const GameFacts& facts) {
    const audit::GameAudit& a = *in.audit;
    append_csv_field(out, in.file);
    out += ',';
    append_integer(out, in.game + 1);
    out += ',';
    append_integer(out, a.width);
    out += ',';
    append_integer(out, a.height);
    out += ',';
    append_csv_field(out, in.black_name);
    out += ',';
    append_csv_field(out, in.white_name);
    out += ',';
    append_csv_field(out, in.rules);
    out += ',';
    if (in.result) append_csv_field(out, *in.result);
    out += ',';
    if (in.komi) detail::append_json_number(out, *in.komi);
    out += ',';
    append_integer(out, a.handicap);
    out += ',';
    append_integer(out, a.moves);
    out += ',';
    out += to_string(facts.ending);
    out += ',';
}

}  // namespace

// Written piece by piece into `out` (no fmt::format strings: this is every game's rows, three
// a game with the default rulesets, and a temporary string a field was most of its time).
void append_results_csv_rows(std::string& out, const CheckInput& in, const GameFacts& facts) {
    const audit::GameAudit& a = *in.audit;
    if (a.results.empty()) return;
    // The columns before `ruleset` are the game's: written once, copied into the other rows.
    // Room for every row at once (a row is about 250 bytes): the string grows once a file.
    out.reserve(out.size() + 320 * a.results.size());
    const std::size_t game_begin = out.size();
    append_game_columns(out, in, facts);
    const std::size_t game_size = out.size() - game_begin;
    bool first = true;
    for (const audit::RulesetResult& r : a.results) {
        const audit::Score& s = r.score;
        if (!first) {
            out.reserve(out.size() + game_size);  // no reallocation: the source stays valid
            out.append(out.data() + game_begin, game_size);
        }
        first = false;
        append_csv_field(out, ruleset_label(r.ruleset));
        out += ',';
        out += audit::to_string(r.end);
        out += ',';
        append_integer(out, r.end_move);
        out += s.scored ? ",1," : ",0,";
        out += audit::to_string(s.decisive);
        out += ',';
        out += winner_letter(s.decision().winner);
        out += ',';
        for (const double v : {s.decision().margin, s.area.black, s.area.white, s.territory.black,
                               s.territory.white, s.komi}) {
            detail::append_json_number(out, v);
            out += ',';
        }
        out += s.settled ? "1," : "0,";
        if (const auto fixed = fixed_dead_source_text(s.dead_source)) {
            append_csv_field(out, *fixed);
        } else {
            append_csv_field(out, dead_source_text(s.dead_source, s.dead_oracle, s.engine_dead));
        }
        out += ',';
        append_integer(out, illegal_plays(r));
        out += ',';
        out += audit::to_string(a.record.check);
        out += '\n';
    }
}

}  // namespace sgfaudit::report
