#pragma once
// Replay, superko, scoring and divergences (rules.md sections 2 to 6).
//
// audit_game replays one typed game record once, on one physical board, and judges every play
// under every chosen ruleset at once. Under the default illegal-play policy (`as-it-stands`,
// AGA 8 second paragraph) every ruleset sees the same board: an illegal play on an empty point is
// applied with Tromp-Taylor physics (TT 7), a play on an occupied point or off the board is
// skipped. Under `stop` a ruleset's replay ends at its first illegal play.
//
// Histories are exact: every position of the game is kept (hash + compact snapshot), every hash
// hit is confirmed by comparing boards, there is no look-back window and setup never clears the
// history. Nothing here reads files or knows output formats: results are plain values.

#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "sgfaudit/audit/dead_stones.hpp"
#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/game/board.hpp"
#include "sgfaudit/sgf/record.hpp"

namespace sgfaudit::audit {

// Why a play is illegal. Stable names (to_string) are used in reports and JSON.
enum class Reason : std::uint8_t {
    occupied,                     // AGA 8, TT 7, FFG 1: no ruleset allows it (record error)
    off_board,                    // no ruleset allows it (record error)
    out_of_turn,                  // AGA 8, TT 5, FFG 1: same colour twice (record error)
    suicide,                      // AGA 5, FFG 3; under TT a one-stone suicide (TT 6 + TT 7)
    simple_ko,                    // ko=simple: immediate single-stone retake
    positional_superko,           // TT 6 (ko=psk)
    situational_superko,          // FFG 4 (ko=ssk)
    natural_situational_superko,  // AGA 6 as 002 reads it (ko=nssk)
};
std::string_view to_string(Reason r) noexcept;

// What to do after an illegal play (rules.md 3).
enum class IllegalPolicy : std::uint8_t {
    as_it_stands,  // AGA 8, second paragraph: apply it (TT physics) and go on
    stop,          // that ruleset's replay ends at the first illegal play
};
std::string_view to_string(IllegalPolicy p) noexcept;

// Which stones are dead at scoring (rules.md 5).
enum class DeadPolicy : std::uint8_t {
    none,    // score the board as it is
    markup,  // stones on points that the final node's TB/TW mark as the opponent's territory
    list,    // the strings containing the user's points
    // Benson's unconditional life (life.hpp): stones inside the opponent's pass-alive territory;
    // a count with an empty region touching both colours where a string is neither pass-alive
    // nor dead is unsettled (Score::settled).
    pass_alive,
    automatic,  // markup where the final node has TB/TW markup, else pass_alive (`--dead auto`)
    // AuditOptions::dead_oracle decides (`--dead gnugo`: GNU Go over GTP, supplied by the
    // pipeline); a position it cannot judge makes the count unsettled.
    gnugo,
};
std::string_view to_string(DeadPolicy p) noexcept;

struct GameAudit;  // below: what audit_game gives

struct AuditOptions {
    IllegalPolicy on_illegal = IllegalPolicy::as_it_stands;
    DeadPolicy dead = DeadPolicy::none;
    // For DeadPolicy::list: points as "dd" (SGF) or "D4" (board coordinates), resolved per game
    // against its board size; a point that is off a game's board or empty there is a record issue.
    std::vector<std::string> dead_points;
    // For DeadPolicy::gnugo: who decides (required then; shared by every thread).
    std::shared_ptr<const DeadStoneOracle> dead_oracle;
    // User mappings of RU names (`--map-ru NAME=SPEC`), taking precedence over map_ru.
    std::vector<RuOverride> ru_overrides;
    // Keep the positions (Position) before and after each legality divergence, and the end
    // position of the others.
    bool diagrams = true;
    // With diagrams: asked once per game with findings, its divergences and their flips
    // known, whether the game's counts are drawn (RulesetResult::count_map,
    // RecordVerdict::own_count). Empty: they are. The audit command's report asks whether
    // index.html may still draw one of the game's diagrams (report::html_draws_counts).
    // Called on the audit's thread; it must be safe to call from several at once.
    std::function<bool(const GameAudit&)> draw_counts_if;
    // Per game, at most this many are kept of each list (`--max-listed`): illegal plays per
    // ruleset, record issues per code, legality divergences; the rest are only counted
    // (RulesetResult::illegal_omitted, GameAudit::record_issues_omitted, divergences_omitted),
    // so a game of 10^6 illegal plays holds no 10^6 entries. 0: no cap.
    std::uint32_t max_listed = 1000;
    // Non-zero (a signal came): the replay stops within a few thousand events and audit_game
    // returns an unfinished result, which the caller drops.
    const std::atomic<int>* cancel = nullptr;
    // `check --at N`: keep the position after move N (1-based, passes
    // counted) in GameAudit::position_at; 0: none.
    std::uint32_t position_at = 0;
    // `check`: keep the boards before and after each play every chosen ruleset
    // forbids (GameAudit::illegal_everywhere), the first max_listed of them.
    bool illegal_boards = false;
};

// A play judged illegal under one ruleset.
struct Illegal {
    std::uint32_t move = 0;  // 1-based in the main line, passes counted, setup not
    game::Color color = game::Color::black;
    bool pass = false;  // only out_of_turn can make a pass illegal
    sgf::Point point;   // SGF coordinates (meaningless for a pass)
    Reason reason = Reason::occupied;
    std::string clause;  // the seed clause, e.g. "AGA 6", "FFG 4", "TT 6"
    // For superko, simple ko and TT's one-stone suicide: the move after which the repeated
    // position existed, earliest occurrence; 0 for the start position. Absent otherwise.
    std::optional<std::uint32_t> repeats_move;
    bool applied = true;  // false when the play could not stand (occupied, off the board)
};

// The winner of one count: black, white, or a draw.
enum class Winner : std::uint8_t { black, white, draw };
std::string_view to_string(Winner w) noexcept;

struct Count {
    double black = 0;
    double white = 0;
    Winner winner = Winner::draw;
    double margin = 0;  // |black - white|
};

// Where a count's komi came from (Score::komi_source); the report words it.
enum class KomiSource : std::uint8_t {
    record,           // the record's KM as read
    record_adjusted,  // the record's KM, read with an adjustment (Score::komi_text: KM's text)
    ruleset_default,  // no KM: the ruleset's default-komi (or default-komi-handicap)
    km_unreadable,    // a KM that could not be read: the ruleset's default
    komi_override,    // the ruleset's komi=X
    // no KM, and the record's server writes none for komi 0 (ServerConvention; Score::komi_text:
    // the server's name)
    server_convention,
};

// How a count's dead stones were chosen (Score::dead_source); the report words it.
enum class DeadSource : std::uint8_t {
    none,        // DeadPolicy::none: the board as it is
    markup,      // DeadPolicy::markup
    list,        // DeadPolicy::list
    pass_alive,  // DeadPolicy::pass_alive (Benson)
    oracle,  // the oracle named them (Score::dead_oracle: its name(), e.g. "gnugo (GNU Go ...)")
    // The oracle could not decide (Score::dead_oracle: its failure text): the board as it is,
    // unsettled.
    oracle_failed,
    no_oracle,  // DeadPolicy::gnugo without AuditOptions::dead_oracle: as oracle_failed
    strict_tt,  // end=final (strict TT 8): the board as it is, whatever the policy
    // DeadPolicy::gnugo, a game not ended by two passes: the oracle is not asked, the board as
    // it is.
    oracle_not_asked,
    // DeadPolicy::pass_alive, a game not ended by two passes: not decided, the board as it is.
    pass_alive_not_decided,
    // dead=pass-alive (KG score): the rules themselves remove the stones inside the opponent's
    // pass-alive territory; `--dead` is not asked. Always settled.
    rules_pass_alive,
    // `--dead auto` without markup where Benson's analysis leaves the count unsettled: the judge
    // of end positions (end_judge.hpp) decided the strings Benson did not, and settled the count.
    judge,
    // `--dead auto` with an engine (AuditOptions::dead_oracle): the judge decided what it could
    // and the oracle the strings the judge was unsure of (Score::engine_dead names those it held
    // dead; Score::dead_oracle is its name).
    judge_engine,
};

// Why a count is not settled (Score::unsettled): a position whose dead stones are not decided.
enum class Unsettled : std::uint8_t {
    no,  // settled
    // Benson (DeadPolicy::pass_alive): an empty region touches both colours where a string is
    // neither pass-alive nor dead.
    dame,
    // Benson: a group with no pass-alive string touches no such region and has at most six
    // points of eye space: whether it lives depends on who plays there first.
    small_eye,
    // Benson: a string that is not pass-alive has one liberty: the opponent may take it.
    atari,
    oracle,  // the dead-stone oracle could not answer (DeadSource says why)
};
std::string_view to_string(Unsettled u) noexcept;  // "no", "dame", "small_eye", "atari", "oracle"

// The most strings Score::unsure names.
inline constexpr std::size_t kMaxUnsureListed = 8;

// Every term of the counts of one ruleset (rules.md 5). "Prisoners held by X" are stones
// of X's opponent that X holds: captured during the game, dead stones removed at the end, and
// pass stones handed over by the opponent.
struct Score {
    // The game ended by two passes, or was counted at the record's end (R13: EndKind::counted);
    // else an as-is count of the last position.
    bool scored = false;
    int black_stones = 0, white_stones = 0;            // on the board after dead stones are removed
    int black_territory = 0, white_territory = 0;      // empty regions reaching only that colour
    int neutral = 0;                                   // other empty points
    int captures_by_black = 0, captures_by_white = 0;  // stones captured during the game
    int dead_black = 0, dead_white = 0;                // stones removed as dead
    int passes_black = 0, passes_white = 0;            // passes made up to the end of the game
    bool white_extra_pass = false;  // AGA 11: the turns ended with Black's, White adds a pass
    int pass_stones_to_black = 0, pass_stones_to_white = 0;  // as the ruleset hands them over
    bool black_moved_last = false;  // the last turn of the game was Black's (FFG 6a's e)
    double komi = 0;
    KomiSource komi_source = KomiSource::record;
    std::string komi_text;      // record_adjusted: KM's text; server_convention: the server
    int handicap = 0;           // n
    double handicap_bonus = 0;  // added to White's area count
    DeadSource dead_source = DeadSource::none;
    std::string dead_oracle;  // oracle: the oracle's name; oracle_failed: why (else empty)
    // judge_engine: a stone of each string the judge was unsure of and the oracle held dead, in
    // board order (the other dead strings are Benson's or the judge's).
    std::vector<sgf::Point> engine_dead;
    // False when dead stones came from Benson's analysis and an empty region still touches both
    // colours where a string is neither pass-alive nor dead, or when the dead-stone oracle could
    // not answer: the count cannot be relied on.
    bool settled = true;
    Unsettled unsettled = Unsettled::no;  // why not settled
    // Not settled: a stone of each string the dead-stone source was unsure
    // of (the judge of end positions' `unsure` strings; where it has none, the strings neither
    // Benson nor the judge decided), in board order, the first kMaxUnsureListed; empty when
    // settled or when the end board was not kept.
    std::vector<sgf::Point> unsure;
    // dead=pass-alive (KG button): the half point of the button, to the side that took it.
    double button_black = 0, button_white = 0;
    // dead=pass-alive (KG encore): the stones each side played before the second cleanup phase
    // (setup stones included); KataGo's territory count is area minus these.
    int played_black = 0, played_white = 0;
    // seki-eyes=taxed (KG tax ALL): two points for each of the side's regions of independent
    // life, taken from each of its counts.
    int group_tax_black = 0, group_tax_white = 0;
    Count area;       // stones + territory, White + komi + bonus (TT 9, AGA 12, FFG 6)
    Count territory;  // territory - prisoners held by the opponent, White + komi (AGA 12)
    Count quick;      // FFG 6a: territory - prisoners lost - own passes - e, White + komi
    Scoring decisive = Scoring::area;  // which count decides under this ruleset
    const Count& decision() const noexcept { return decisive == Scoring::area ? area : territory; }
};

// How a ruleset's game ended.
enum class EndKind : std::uint8_t {
    two_passes,  // two consecutive passes (the last double pass under `resumable`)
    record_end,  // the record ends without two passes (resignation, time, unfinished)
    stopped,     // policy `stop`: replay ended at an illegal play
    no_moves,    // the record has no moves
    // cycle=no-result (J 12): a whole-board position repeated, the record stops after it
    // without two passes and RE says the game is void: the players ended it without result.
    // Not scored (the counts are those of the position as it stands, never decisive).
    no_result,
    // dead=pass-alive (KG end): the record stops without two passes where every point of the
    // board is a pass-alive stone or in pass-alive territory with at most one point that touches
    // no stone of its owner; KataGo's programs end and count a game there. Scored.
    all_pass_alive,
    // R13: the record stops without two passes and RE is a score with a margin above zero: the
    // game was counted at its last position. Scored as if passes followed (the opponent of the
    // last mover first) until the ruleset's end rule ends the game (record issue end_by_result).
    counted,
};
std::string_view to_string(EndKind e) noexcept;

// What each point is in a count (the count drawn): RulesetResult::count_map.
enum class PointRole : std::uint8_t {
    black_stone,  // a black stone that counts (alive, or in seki)
    white_stone,
    dead_black,  // a black stone removed as dead (Score::dead_source says by whom)
    dead_white,
    black_territory,  // an empty point of a region reaching Black only
    white_territory,
    neutral,  // an empty point of a region reaching both colours, or none (dame)
    // under seki-eyes=neutral only, a point of a region reaching one colour that R19 makes no
    // one's: an eye of stones in seki, or a point its owner must fill (under the other values
    // such a point is the colour's territory, drawn as such)
    seki_eye_black,
    seki_eye_white,
};

struct RulesetResult {
    Ruleset ruleset;
    std::vector<Illegal> illegal;       // the first AuditOptions::max_listed
    std::uint32_t illegal_omitted = 0;  // illegal plays past them, not listed
    EndKind end = EndKind::no_moves;
    std::uint32_t end_move = 0;  // the last move of the game under this ruleset (0: none)
    // Under `final` (TT 8): moves recorded after the first double pass (outside the game).
    std::uint32_t moves_after_end = 0;
    bool resumed = false;  // `resumable`: play resumed after a double pass
    // cycle=no-result: the first move whose position repeats an earlier whole-board position
    // (J 12), 0 when none did.
    std::uint32_t repeated_move = 0;
    Score score;
    // With AuditOptions::diagrams, in a game with findings (has_findings: the reports draw no
    // count of any other), for a scored count whose dead stones are known (not the rules' own,
    // KG score) and whose territory is not taxed by independence (seki-eyes=independent|taxed),
    // what each point of the end position is in the count, row by row from the top as
    // Position; empty otherwise.
    std::vector<PointRole> count_map;
};

// A whole board as a value: width x height cells, row by row from the top (SGF's y), each
// empty, black or white. Empty (no cells) when no board was kept. Drawing it (text rows,
// diagrams, SVG) is the report's.
struct Position {
    int width = 0, height = 0;
    std::vector<game::Cell> cells;  // width * height of them
    bool empty() const noexcept { return cells.empty(); }
    game::Cell at(int x, int y) const {
        return cells[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) +
                     static_cast<std::size_t>(x)];
    }
    bool operator==(const Position&) const = default;
};
// The position of `board` (its stones; the game module's other state is not part of it).
Position position_of(const game::Board& board);

// Which count of a Score a verdict shows.
enum class CountKind : std::uint8_t { area, territory, quick };
std::string_view to_string(CountKind k) noexcept;  // "area", "territory", "quick"
const Count& count_of(const Score& s, CountKind k) noexcept;
CountKind decisive_count(const Score& s) noexcept;  // area or territory, as Score::decisive

// The five kinds of divergence (rules.md 6).
enum class DivergenceKind : std::uint8_t { legality, end, outcome, accounting, record };
std::string_view to_string(DivergenceKind k) noexcept;

// One ruleset's side of a divergence, as facts (the report words them): legality: legal, or
// the reason, clause and repeated move; end: the end of results[ruleset]; outcome, accounting
// and record: the count `count` of results[ruleset].score.
struct Verdict {
    std::size_t ruleset = 0;  // index into GameAudit::results
    bool legal = true;        // legality divergences
    std::optional<Reason> reason;
    std::string clause;
    std::optional<std::uint32_t> repeats_move;
    std::optional<CountKind> count;  // outcome, accounting, record
};

// A knob of a ruleset set to another value, alone, and what that does to the
// count (facts only: the report words them).
struct KnobFlip {
    Knob knob = Knob::komi;
    std::string value;  // the value it is set to, as a spec writes it ("area", "6.5")
    double swing = 0;   // Black's lead in the new deciding count less in the old one, in points
};
// The flips of one pair of rulesets of a divergence. Outcome: A's end position re-scored with
// each knob that differs from B set to B's value, one at a time; the knobs that alone give
// another winner than A's count (a knob of the game itself, suicide, ko, end or cycle, only
// where it makes A's game end where B's did, on B's board). Record: the count under the
// record's ruleset (a == b) with one knob of the count set to another value; the values that
// reproduce RE.
struct PairFlips {
    std::size_t a = 0, b = 0;  // indices into GameAudit::results
    std::vector<KnobFlip> flips;
};

struct Divergence {
    DivergenceKind kind = DivergenceKind::legality;
    std::uint32_t move = 0;  // legality: the play; end: the earliest end; otherwise 0
    game::Color color = game::Color::black;
    bool has_point = false;
    sgf::Point point;
    std::string clause;             // clauses involved, e.g. "TT 6 / AGA 6 / FFG 4"
    std::vector<Verdict> verdicts;  // one per ruleset involved
    // With AuditOptions::diagrams, whole boards. Legality: the board before and after the play.
    // End, outcome, accounting and record: board_after is the position as the game ended (under
    // the earliest-ending ruleset for `end`, else under the first ruleset of `verdicts`, or the
    // record's own RU ruleset), before dead stones are removed; board_before is empty.
    Position board_before, board_after;
    // Outcome and record divergences: per pair of rulesets that disagree (outcome, A before B
    // in results' order) or the record's ruleset (record), the knobs that alone flip it.
    std::vector<PairFlips> flips;
};

// The record check (rules.md 6.5): RE against the result under the record's own RU.
enum class RecordCheck : std::uint8_t {
    match,           // same winner and margin
    mismatch,        // winner or margin differ
    not_comparable,  // RE is not a score, or the game did not end by two passes
    unmapped_rules,  // RU absent or not one of the presets
    no_result,       // no RE
    // RE differs from a count that Benson's analysis could not settle (Score::settled false):
    // the result depends on stones the tool cannot call alive or dead, so it is not a mismatch.
    unsettled,
    // R12: RE is the count with some (or none) of the strings the dead-stone source calls dead
    // left on the board: the players' agreement (RecordVerdict::agreed_alive names them).
    agreed,
    // R18: RE is the count under the other reading of an ambiguous server convention
    // (RecordVerdict::why names it). The last value: shard.chunks checks its range by it.
    convention,
};
std::string_view to_string(RecordCheck c) noexcept;

// R12: the most dead strings whose subsets the record check searches for the players'
// agreement (2^12 - 1 = 4,095 recounts at most); past it the check is unsettled.
inline constexpr std::size_t kAgreementBound = 12;
// R20: the most strings the judge is unsure of whose every decision (2^n counts) is tried
// before a record check is left unsettled (Replay::decide_unsure).
inline constexpr std::size_t kUnsureDecided = 4;

// Why the record check came out as it did (RecordVerdict::why); the report words it.
enum class RecordReason : std::uint8_t {
    none,                 // a match
    no_result,            // no RE
    no_rules,             // no RU
    rules_not_mapped,     // RU is none of the presets: RecordVerdict::mapping says why (map_ru)
    not_two_passes,       // the game did not end by two passes under RU's ruleset
    result_not_score,     // RE is not a score: RecordVerdict::result_kind says what it is
    unsettled_oracle,     // the dead-stone oracle could not decide (RecordVerdict::dead_source,
                          // dead_oracle)
    unsettled_benson,     // an empty region touches both colours where a string is neither
                          // pass-alive nor dead (Benson)
    unsettled_small_eye,  // Unsettled::small_eye: a group whose life depends on who plays first
    unsettled_atari,      // Unsettled::atari: a string in atari that is not pass-alive
    winner_differs,
    margin_differs,
    // cycle=no-result (J 12): a whole-board position repeated (RecordVerdict::repeated_move)
    // and RE says the game is void: RE is the result (a match)
    void_cycle,
    // R16: a whole-board position repeated on the main line (RecordVerdict::repeated_move) and
    // RE is Void, 0, Draw or Jigo: the cycle's outcome (J 12: no result; C: a draw by the
    // referee), whatever the cycle knob (a match)
    cycle_outcome,
    // R16: RE B+0 / W+0 outside a server that writes draws so (OGS) names the winner only, and
    // the count's winner is that one (a match)
    winner_only,
    // R12 (agreed): RE is the count with the strings of RecordVerdict::agreed_alive left alive
    agreement,
    // R12: more dead strings than kAgreementBound: the subsets are not searched (unsettled)
    agreement_unbounded,
    // R18 (convention): OGS's one-stone handicap read without its point (no bonus for it)
    convention_no_handicap_point,
    // R18 (convention): Fox's KM[0] in an even game under territory rules read as its komi 6.5
    convention_fox_komi,
    // R18 (convention): Fox's RE margin read in stones, like its komi (KM x50: half the points)
    convention_fox_stones,
    // R18 (convention) with R19: RU Japanese (or Korean), mapped to the servers' count of every
    // region reaching one colour (seki-eyes=territory), read instead as J 8 has it for a game
    // stopped with dame open (seki-eyes=neutral, R19: no territory in seki or in false eyes)
    convention_japanese_reading,
    // R20 (match): the judge of end positions was unsure of the strings of
    // RecordVerdict::decided_unsure, and every decision about them (each dead or alive)
    // reproduces RE
    unsure_every_decision_reproduces,
    // R20 (mismatch): the judge was unsure of the strings of RecordVerdict::decided_unsure, and
    // no decision about them reaches RE, nor any reading R18 allows or agreement (R12) over
    // them and the judge's dead strings: RecordVerdict::count is the decision's count closest
    // to RE
    unsure_every_decision_misses,
};

struct RecordVerdict {
    RecordCheck check = RecordCheck::no_result;
    std::string recorded;  // RE verbatim
    std::string rules;     // RU verbatim
    std::string mapped;    // the preset RU maps to, or empty
    // The ruleset RE is compared with (RU's, or the chosen one with the same rules: its spec or
    // name) and its deciding count, when RE and a mapped RU are there.
    std::string counted_under;
    std::optional<Count> count;
    Scoring decisive = Scoring::area;       // which count `count` is
    RecordReason why = RecordReason::none;  // why (for not_comparable / unmapped / mismatch)
    RuReason mapping;                       // rules_not_mapped: map_ru's reason
    std::uint32_t repeated_move = 0;        // void_cycle, cycle_outcome: the move that repeated
    std::optional<sgf::ResultKind> result_kind;  // result_not_score: RE's form
    bool winner_differs = false;  // mismatch: the winner differs (else only the margin)
    // The count's dead stones (Score::dead_source, dead_oracle); nullopt when RE was not compared
    // with a count of a game ended by two passes.
    std::optional<DeadSource> dead_source;
    std::string dead_oracle;
    std::vector<sgf::Point> engine_dead;  // Score::engine_dead
    // agreed (R12): a stone of each string the players left on the board, in board order.
    std::vector<sgf::Point> agreed_alive;
    // R20 (unsure_every_decision_*): a stone of each string the judge was unsure of, every
    // decision about which gives the same comparison, in board order.
    std::vector<sgf::Point> decided_unsure;
    // RE's margin minus the count's, both as Black's (B+x is x, W+x is -x): when the game was
    // counted and RE is a score with a margin (0 for a match).
    std::optional<double> difference;
    // mismatch, with AuditOptions::diagrams, where RU's ruleset is none of the chosen (the
    // record check's own lane): that count as a result, its ruleset, score and count_map (no
    // plays listed), so that the reports draw the count RE disagrees with. Empty otherwise (a
    // chosen ruleset's count is in GameAudit::results).
    std::optional<RulesetResult> own_count;
};

// How much a record issue weighs (rules.md 7 R10).
enum class IssueSeverity : std::uint8_t {
    error,  // the record cannot be what was played: a finding
    note,   // an encoding the tool reads and normalises: never a finding
};
std::string_view to_string(IssueSeverity s) noexcept;

// What a record issue is. Stable names (to_string) are the codes of reports and JSON
// (docs/report-format.md).
enum class IssueCode : std::uint8_t {
    occupied,
    off_board,
    out_of_turn,
    illegal_everywhere,
    illegal_under_record_rules,
    superko_not_enforced,
    setup_after_start,
    setup_after_root,
    setup_without_handicap,
    handicap_mismatch,
    handicap_missing,
    handicap_inferred,
    handicap_one,
    placement_interrupted,
    komi_quirk,
    no_liberties_after_setup,
    dead_point_off_board,
    result_impossible_margin,
    result_komi_parity,
    resigner_moved_last,
    dead_stones_undecided,
    end_by_result,
    markup_recount_differs,
};
std::string_view to_string(IssueCode c) noexcept;

// One ruleset's reason for calling a play illegal, named as the audit names rulesets (its spec
// when it has one, else its name).
struct RulesetReason {
    std::string ruleset;
    Reason reason = Reason::occupied;
};

// The facts of each record-issue code, one struct per IssueCode named after it (in IssueCode
// order; issue_codes.hpp checks the order): what report::issue_message needs to word it. `code`
// names the code a payload belongs to, so a producer names the code by the payload it gives.
namespace issue {

// occupied, off_board, out_of_turn and the illegal_* codes: who played, and where.
struct Occupied {
    static constexpr IssueCode code = IssueCode::occupied;
    game::Color color = game::Color::black;
    sgf::Point point = sgf::kNoPoint;
};
struct OffBoard {
    static constexpr IssueCode code = IssueCode::off_board;
    game::Color color = game::Color::black;
    sgf::Point point = sgf::kNoPoint;  // kNoPoint: a value that is not a point
};
struct OutOfTurn {
    static constexpr IssueCode code = IssueCode::out_of_turn;
    game::Color color = game::Color::black;
    sgf::Point point = sgf::kNoPoint;
    bool pass = false;  // a pass (point: kNoPoint)
};
// R14: the record names no modelled rules and every preset forbids the play.
struct IllegalEverywhere {
    static constexpr IssueCode code = IssueCode::illegal_everywhere;
    game::Color color = game::Color::black;
    sgf::Point point = sgf::kNoPoint;
    std::vector<RulesetReason> reasons;  // each chosen ruleset still judging, and its reason
};
// R14: illegal under the record's own rules.
struct IllegalUnderRecordRules {
    static constexpr IssueCode code = IssueCode::illegal_under_record_rules;
    game::Color color = game::Color::black;
    sgf::Point point = sgf::kNoPoint;
    std::string ru_text;
    RulesetReason under_ru;  // the ruleset RU maps to, and its reason
};
// R15: the record's own rules forbid the play only by superko.
struct SuperkoNotEnforced {
    static constexpr IssueCode code = IssueCode::superko_not_enforced;
    game::Color color = game::Color::black;
    sgf::Point point = sgf::kNoPoint;
    std::string ru_text;
    RulesetReason under_ru;          // the ruleset RU maps to, and its reason
    std::uint32_t repeats_move = 0;  // after which the repeated position existed (0: the start)
};
struct SetupAfterStart {
    static constexpr IssueCode code = IssueCode::setup_after_start;
};
struct SetupAfterRoot {
    static constexpr IssueCode code = IssueCode::setup_after_root;
};
struct SetupWithoutHandicap {
    static constexpr IssueCode code = IssueCode::setup_without_handicap;
    int black_stones = 0, white_stones = 0;  // before the first move
};
struct HandicapMismatch {
    static constexpr IssueCode code = IssueCode::handicap_mismatch;
    int ha = 0;
    int black_stones = 0;  // before the first move
    int taken = 0;         // the handicap n (R4)
};
struct HandicapMissing {
    static constexpr IssueCode code = IssueCode::handicap_missing;
    int ha = 0;
};
struct HandicapInferred {
    static constexpr IssueCode code = IssueCode::handicap_inferred;
    int ha = 0;
    bool fox_layout = false;  // Fox's older layout (side stones top and bottom), else GTP 2's
    std::vector<sgf::Point> stones;  // placed
};
struct HandicapOne {
    static constexpr IssueCode code = IssueCode::handicap_one;
};
struct PlacementInterrupted {
    static constexpr IssueCode code = IssueCode::placement_interrupted;
    bool pass = false;  // a Black pass, else a White play
    int due = 0;        // the stones due
    int taken = 0;      // the handicap n: the stones placed
};
struct KomiQuirk {
    static constexpr IssueCode code = IssueCode::komi_quirk;
    double komi = 0;  // as read
    std::string km_text;
};
struct NoLibertiesAfterSetup {
    static constexpr IssueCode code = IssueCode::no_liberties_after_setup;
};
struct DeadPointOffBoard {
    static constexpr IssueCode code = IssueCode::dead_point_off_board;
    std::string token;  // as given
    int width = 0, height = 0;
};
struct ResultImpossibleMargin {
    static constexpr IssueCode code = IssueCode::result_impossible_margin;
    std::string re_text;
    double margin = 0;  // absolute
    double bound = 0;   // the most a count could give
    int width = 0, height = 0;
};
struct ResultKomiParity {
    static constexpr IssueCode code = IssueCode::result_komi_parity;
    std::string re_text, km_text;
    double margin = 0, komi = 0;  // absolute values
};
struct ResignerMovedLast {
    static constexpr IssueCode code = IssueCode::resigner_moved_last;
    std::string re_text;
    game::Color resigner = game::Color::black;
};
struct DeadStonesUndecided {
    static constexpr IssueCode code = IssueCode::dead_stones_undecided;
    bool no_oracle = false;  // DeadSource::no_oracle, else oracle_failed
    std::string failure;     // the oracle's failure text
};
struct EndByResult {
    static constexpr IssueCode code = IssueCode::end_by_result;
};
// R11: territory by the final node's markup, and by the recount by regions.
struct MarkupRecountDiffers {
    static constexpr IssueCode code = IssueCode::markup_recount_differs;
    int markup_black = 0, markup_white = 0;
    int recount_black = 0, recount_white = 0;
};

}  // namespace issue

// In IssueCode order: a payload's index is its code.
using IssuePayload =
    std::variant<issue::Occupied, issue::OffBoard, issue::OutOfTurn, issue::IllegalEverywhere,
                 issue::IllegalUnderRecordRules, issue::SuperkoNotEnforced, issue::SetupAfterStart,
                 issue::SetupAfterRoot, issue::SetupWithoutHandicap, issue::HandicapMismatch,
                 issue::HandicapMissing, issue::HandicapInferred, issue::HandicapOne,
                 issue::PlacementInterrupted, issue::KomiQuirk, issue::NoLibertiesAfterSetup,
                 issue::DeadPointOffBoard, issue::ResultImpossibleMargin, issue::ResultKomiParity,
                 issue::ResignerMovedLast, issue::DeadStonesUndecided, issue::EndByResult,
                 issue::MarkupRecountDiffers>;

// The code whose facts `p` holds.
constexpr IssueCode code_of(const IssuePayload& p) noexcept {
    return static_cast<IssueCode>(p.index());
}

// A problem with the record that no ruleset allows or that makes it unusual (rules.md 3, 6,
// 7). Codes and severities: docs/report-format.md. Facts only: report::issue_message words them.
struct RecordIssue {
    std::uint32_t move = 0;    // 0 when not tied to a move
    std::uint32_t offset = 0;  // of the SGF value in Document::text(), for locations; 0 unknown
    IssueSeverity severity = IssueSeverity::error;
    IssuePayload payload;  // the code's facts: its type is the code

    IssueCode code() const noexcept { return code_of(payload); }
};

// Record issues of one code left out of GameAudit::record_issues (AuditOptions::max_listed).
struct OmittedIssues {
    std::string code;
    IssueSeverity severity = IssueSeverity::error;
    std::uint32_t count = 0;
};

// A play every chosen ruleset forbids and that stood on the board (suicide, ko, superko), with
// the boards around it (AuditOptions::illegal_boards): no divergence, but a referee wants to see
// it.
struct IllegalEverywhere {
    std::uint32_t move = 0;
    game::Color color = game::Color::black;
    sgf::Point point;
    Reason reason = Reason::suicide;  // the first chosen ruleset's
    std::string clause;
    std::optional<std::uint32_t> repeats_move;  // superko, simple ko: the repeated position's move
    Position board_before, board_after;
};

struct GameAudit {
    int width = 19, height = 19;
    int handicap = 0;                // n (rules.md 3)
    bool handicap_by_plays = false;  // the first n Black plays are the placement
    game::Color first_player = game::Color::black;
    std::uint32_t moves = 0;                 // moves in the main line (passes counted)
    std::vector<RulesetResult> results;      // one per chosen ruleset, in the order given
    std::vector<Divergence> divergences;     // ordered by kind, then move
    std::vector<RecordIssue> record_issues;  // per code, the first AuditOptions::max_listed
    // Record issues past the cap, not listed: how many of each code (a code here is also listed).
    std::vector<OmittedIssues> record_issues_omitted;
    // Divergences past the cap (legality only), not listed, by DivergenceKind.
    std::array<std::uint32_t, 5> divergences_omitted{};
    RecordVerdict record;
    // AuditOptions::position_at: the board after that move (empty when the game is shorter).
    Position position_at;
    std::vector<IllegalEverywhere> illegal_everywhere;  // AuditOptions::illegal_boards
    bool auditable = true;  // false: not a Go game or unusable record (nothing replayed)
};

// True when the game has something to report: an illegal play under some ruleset, a divergence,
// a record issue of severity error (R10: notes are never findings), an RE that disagrees with
// the computed result, or a game that could not be audited. What makes `check` and `audit` exit
// with 1, and the games whose counts are drawn (RulesetResult::count_map).
bool has_findings(const GameAudit& audit) noexcept;

namespace detail {
struct ReplayScratch;
}

// The working memory of audit_game (the position history, the stones a play removed, the
// verdicts of one play, the last RU texts mapped), kept from one game to the next so that a
// game allocates nothing for it once its owner has audited one as long. It carries nothing of
// one game into the next that could change an audit. One per thread: never used by two calls
// at the same time (the pipeline keeps one per worker thread).
class AuditScratch {
  public:
    AuditScratch();
    ~AuditScratch();
    AuditScratch(AuditScratch&&) noexcept;
    AuditScratch& operator=(AuditScratch&&) noexcept;
    AuditScratch(const AuditScratch&) = delete;
    AuditScratch& operator=(const AuditScratch&) = delete;

  private:
    friend GameAudit audit_game(const sgf::GameRecord&, std::span<const Ruleset>,
                                const AuditOptions&, AuditScratch&);
    std::unique_ptr<detail::ReplayScratch> replay_;
};

// Replays `record` under every ruleset of `rulesets` (at least one) and reports, with the
// caller's working memory. Never throws for bad input; a record that is not auditable gives
// auditable = false.
GameAudit audit_game(const sgf::GameRecord& record, std::span<const Ruleset> rulesets,
                     const AuditOptions& options, AuditScratch& scratch);
// The same with working memory of its own (for tests and one-off audits: it allocates it per
// call).
GameAudit audit_game(const sgf::GameRecord& record, std::span<const Ruleset> rulesets,
                     const AuditOptions& options = {});

// Board coordinates as people write them: column letter skipping I (the AGA 1 comment), row
// counted from the bottom ("D16" for SGF "dd" on 19x19). Columns past 25 use two letters.
std::string board_coordinates(sgf::Point p, int height);

// Splits a dead-stone list "dd,ee" or "D4,E5" (either form, mixed allowed) into tokens for
// AuditOptions::dead_points. Returns nullopt with `bad_token` set to the first token (trimmed)
// that is neither form (the caller words the error).
std::optional<std::vector<std::string>> split_point_list(std::string_view text,
                                                         std::string& bad_token);
// Resolves one token ("dd" or "D4") on a width x height board; nullopt when malformed or off it.
std::optional<sgf::Point> resolve_point(std::string_view token, int width, int height);

}  // namespace sgfaudit::audit
