// The command line shared by `check` and `audit`.

#include "options.hpp"

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <system_error>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/pipeline/gnugo.hpp"
#include "sgfaudit/report/check.hpp"
#include "sgfaudit/report/ignore.hpp"
#include "sgfaudit/report/suggest.hpp"

namespace sgfaudit::cli {

std::string parse_args(const std::vector<std::string>& args, std::span<const OptionSpec> known,
                       ParsedArgs& out, LimitOptions* limits) {
    bool options_ended = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (options_ended || a.size() < 2 || a[0] != '-') {
            out.paths.push_back(a);
            continue;
        }
        if (a == "--") {
            options_ended = true;
            continue;
        }
        if (a == "-h" || a == "--help") {
            out.help = true;
            return {};
        }
        if (limits != nullptr) {
            std::string error;
            if (limits->parse(args, i, error)) {
                if (!error.empty()) return error;
                continue;
            }
        }
        const std::size_t eq = a.find('=');
        const std::string name = a.substr(0, eq);
        const OptionSpec* spec = nullptr;
        for (const OptionSpec& k : known) {
            if (k.name == name) spec = &k;
        }
        if (spec == nullptr) {
            std::vector<std::string_view> names{"--help"};
            for (const OptionSpec& k : known) names.push_back(k.name);
            if (limits != nullptr) {
                for (const std::string_view n : limit_flag_names()) names.push_back(n);
            }
            return fmt::format("unknown option '{}'{}", a, report::did_you_mean(name, names));
        }
        if (out.has(name) && !spec->repeatable) return fmt::format("{} given twice", name);
        std::string value;
        if (!spec->takes_value) {
            if (eq != std::string::npos) return fmt::format("{} takes no value", name);
        } else if (eq != std::string::npos) {
            value = a.substr(eq + 1);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            return fmt::format("{} needs a value", name);
        }
        if (spec->repeatable) out.repeated[name].push_back(value);
        out.values.insert_or_assign(name, std::move(value));
    }
    return {};
}

namespace {

std::optional<std::string> value_of(const ParsedArgs& args, std::string_view name) {
    const auto it = args.values.find(name);
    if (it == args.values.end()) return std::nullopt;
    return it->second;
}

// Seconds of --engine-timeout or its alias --gnugo-timeout, into `seconds`; an error or "".
std::string timeout_option(const ParsedArgs& args, double& seconds) {
    const auto engine = value_of(args, "--engine-timeout");
    const auto gnugo = value_of(args, "--gnugo-timeout");
    if (engine && gnugo && *engine != *gnugo) {
        return "--engine-timeout and --gnugo-timeout are one setting: give one of them";
    }
    const std::optional<std::string>& timeout = engine ? engine : gnugo;
    if (!timeout) return {};
    const char* end = timeout->data() + timeout->size();
    const auto [ptr, ec] = std::from_chars(timeout->data(), end, seconds);
    if (ec != std::errc() || ptr != end || !(seconds > 0) || seconds > 86400) {
        return fmt::format("{}: '{}' is not a number of seconds (0 to 86400)",
                           engine ? "--engine-timeout" : "--gnugo-timeout", *timeout);
    }
    return {};
}

// --engine and --gnugo-*: checked whatever --dead says; the engine is started only for
// `--dead gnugo`, and for `--dead auto` when one of them is given. `--engine gnugo` (the default)
// is GNU Go with --mode gtp --level N appended, its program named by --gnugo-command; any other
// --engine value is a GTP engine's command line, split on spaces (no shell), and
// --gnugo-command/--gnugo-level do not apply to it.
std::string engine_settings(const ParsedArgs& args, audit::AuditOptions& o,
                            std::ostream* warnings) {
    pipeline::GnugoOptions g;
    const auto engine = value_of(args, "--engine");
    if (engine && *engine != "gnugo") {
        g.kind = pipeline::EngineKind::gtp;
        g.command = pipeline::split_command(*engine);
        if (g.command.empty()) return "--engine: no command given";
        for (const char* gnugo_only : {"--gnugo-command", "--gnugo-level"}) {
            if (args.has(gnugo_only)) {
                return fmt::format("{} applies to --engine gnugo, not to '{}'", gnugo_only,
                                   *engine);
            }
        }
    }
    if (const auto command = value_of(args, "--gnugo-command")) {
        if (command->empty()) return "--gnugo-command: no program given";
        g.command = {*command};
    }
    if (const auto level = value_of(args, "--gnugo-level")) {
        if (level->size() > 2 || level->empty() ||
            level->find_first_not_of("0123456789") != std::string::npos || std::stoi(*level) > 10) {
            return fmt::format("--gnugo-level: '{}' is not a level from 0 to 10", *level);
        }
        g.level = std::stoi(*level);
    }
    if (std::string error = timeout_option(args, g.timeout_seconds); !error.empty()) {
        return error;
    }
    // With `--dead auto`, an engine named on the command line is the tier after the
    // judge (the strings the judge is unsure of); without one, those counts stay unsettled.
    const bool engine_given =
        args.has("--engine") || args.has("--gnugo-command") || args.has("--gnugo-level");
    if (o.dead != audit::DeadPolicy::gnugo &&
        !(o.dead == audit::DeadPolicy::automatic && engine_given)) {
        return {};
    }
    // SIGINT/SIGTERM during `audit` end a wait for the engine at once.
    g.cancel = run_cancel_flag();
    if (warnings != nullptr) {
        g.warn = [warnings](const std::string& text) {
            *warnings << fmt::format("sgfaudit: warning: {}\n", text) << std::flush;
        };
    }
    pipeline::GnugoStart started = pipeline::start_gnugo(g);
    if (!started.oracle) return started.error;
    o.dead_oracle = std::move(started.oracle);
    return {};
}

// --dead: a policy or a list of points; `--dead auto` is the default of `audit` and `check`
// (markup, Benson, the judge: within 3 times the cost of `none`, docs/benchmarks.md); strict
// `tromp-taylor` counts the board as it is whatever --dead says (dead=as-is).
std::string dead_option(const ParsedArgs& args, audit::AuditOptions& o) {
    o.dead = audit::DeadPolicy::automatic;
    const auto dead = value_of(args, "--dead");
    if (!dead) return {};
    if (*dead == "none") {
        o.dead = audit::DeadPolicy::none;
    } else if (*dead == "markup") {
        o.dead = audit::DeadPolicy::markup;
    } else if (*dead == "pass-alive") {
        o.dead = audit::DeadPolicy::pass_alive;
    } else if (*dead == "auto") {
        o.dead = audit::DeadPolicy::automatic;
    } else if (*dead == "gnugo") {
        o.dead = audit::DeadPolicy::gnugo;
    } else {
        std::string bad;
        std::optional<std::vector<std::string>> points = audit::split_point_list(*dead, bad);
        if (!points && dead->find(',') == std::string::npos) {
            // One word that is no point: a mistyped policy rather than a point list.
            static constexpr std::string_view kPolicies[] = {"none", "markup", "pass-alive", "auto",
                                                             "gnugo"};
            return fmt::format(
                "--dead: '{}' is neither a policy (none, markup, pass-alive, auto, gnugo) nor "
                "a point list (dd,ee or D4,E5){}",
                *dead, report::did_you_mean(*dead, kPolicies));
        }
        if (!points) {
            return fmt::format(
                "--dead: '{}' is not a point (write SGF letters like dd or board coordinates "
                "like D16)",
                bad);
        }
        if (points->empty()) return "--dead: no point given";
        o.dead = audit::DeadPolicy::list;
        o.dead_points = std::move(*points);
    }
    return {};
}

std::string on_illegal_option(const ParsedArgs& args, audit::AuditOptions& o) {
    const auto on_illegal = value_of(args, "--on-illegal");
    if (!on_illegal) return {};
    if (*on_illegal == "as-it-stands") {
        o.on_illegal = audit::IllegalPolicy::as_it_stands;
    } else if (*on_illegal == "stop") {
        o.on_illegal = audit::IllegalPolicy::stop;
    } else {
        static constexpr std::string_view kPolicies[] = {"as-it-stands", "stop"};
        return fmt::format("--on-illegal: '{}' is not one of as-it-stands, stop{}", *on_illegal,
                           report::did_you_mean(*on_illegal, kPolicies));
    }
    return {};
}

// --map-ru, each time it is given.
std::string map_ru_option(const ParsedArgs& args, audit::AuditOptions& o) {
    const auto it = args.repeated.find("--map-ru");
    if (it == args.repeated.end()) return {};
    for (const std::string& text : it->second) {
        audit::SpecError error;
        std::optional<audit::RuOverride> o_ru = audit::parse_ru_override(text, error);
        if (!o_ru) return fmt::format("--map-ru: {}", report::spec_error_text(error));
        o.ru_overrides.push_back(std::move(*o_ru));
    }
    return {};
}

// --komi: set on every ruleset.
std::string komi_option(const ParsedArgs& args, std::vector<audit::Ruleset>& rulesets) {
    const auto komi = value_of(args, "--komi");
    if (!komi) return {};
    // The ruleset grammar's number rules (decimal, |X| <= 2704).
    const audit::RulesetParse p =
        audit::parse_ruleset_spec(fmt::format("tromp-taylor:komi={}", *komi));
    if (!p.ok() || !p.ruleset->komi_override) {
        return fmt::format("--komi: '{}' is not a komi ({})", *komi,
                           report::spec_error_text(p.error));
    }
    for (audit::Ruleset& r : rulesets)
        r = audit::with_komi(std::move(r), *p.ruleset->komi_override);
    return {};
}

std::string max_listed_option(const ParsedArgs& args, audit::AuditOptions& o) {
    const auto listed = value_of(args, "--max-listed");
    if (!listed) return {};
    std::uint64_t n = 0;
    bool digits = !listed->empty() && listed->size() <= 10;
    for (const char c : *listed) {
        if (c < '0' || c > '9')
            digits = false;
        else
            n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!digits || n < 1 || n > 0xffffffffu) {
        return fmt::format("--max-listed: '{}' is not a number of entries (1 to 4294967295)",
                           *listed);
    }
    o.max_listed = static_cast<std::uint32_t>(n);
    return {};
}

}  // namespace

std::string audit_settings(const ParsedArgs& args, pipeline::AuditSettings& settings,
                           std::ostream* warnings) {
    const std::optional<std::string> rules = value_of(args, "--rules");
    const audit::RulesetListParse list =
        audit::parse_ruleset_list(rules ? *rules : "tromp-taylor,aga,french");
    if (!list.ok()) return fmt::format("--rules: {}", report::spec_error_text(list.error));
    if (list.rulesets.empty()) return "--rules: no ruleset given";
    settings.rulesets = list.rulesets;

    audit::AuditOptions& o = settings.options;
    // In this order: the first option in error is the one reported.
    if (std::string error = dead_option(args, o); !error.empty()) return error;
    if (std::string error = engine_settings(args, o, warnings); !error.empty()) return error;
    if (std::string error = on_illegal_option(args, o); !error.empty()) return error;
    if (std::string error = map_ru_option(args, o); !error.empty()) return error;
    if (std::string error = komi_option(args, settings.rulesets); !error.empty()) return error;
    if (const auto ignore = value_of(args, "--ignore")) {
        if (const std::string error = report::parse_ignore_list(*ignore, settings.ignore);
            !error.empty()) {
            return fmt::format("--ignore: {}", error);
        }
    }
    return max_listed_option(args, o);
}

std::string jobs_option(const ParsedArgs& args, unsigned& jobs) {
    jobs = 0;
    const auto text = value_of(args, "--jobs");
    if (!text) return {};
    unsigned n = 0;
    bool digits = !text->empty() && text->size() <= 4;
    for (const char c : *text) {
        if (c < '0' || c > '9')
            digits = false;
        else
            n = n * 10 + static_cast<unsigned>(c - '0');
    }
    if (!digits || n < 1 || n > 1024) {
        return fmt::format("--jobs: '{}' is not a number of threads (1 to 1024)", *text);
    }
    jobs = n;
    return {};
}

std::string memory_budget_option(const ParsedArgs& args, std::size_t& budget) {
    budget = kDefaultMemoryBudget;
    const auto text = value_of(args, "--memory-budget");
    if (!text) return {};
    if (*text == "none") {
        budget = 0;
        return {};
    }
    // At most 1 TiB: a budget past the machine's memory is no budget.
    if (!parse_size(*text, std::size_t{1} << 40, budget)) {
        return fmt::format(
            "--memory-budget: '{}' is not a size from 1 to 1T (K, M, G suffixes) or none", *text);
    }
    return {};
}

namespace {
constexpr const char* kJudgingHelp = R"(  --dead none|markup|pass-alive|auto|gnugo|LIST
                      dead stones removed before counting: none (the board as it is),
                      markup (the final node's TB/TW), pass-alive (Benson: stones inside the
                      opponent's pass-alive territory; a count it cannot settle is
                      `unsettled`), auto (the default: markup where the final node has some,
                      else pass-alive, then the
                      judge of end positions where Benson leaves the count unsettled, then
                      the --engine, when one is given, for the strings the judge is unsure
                      of), or a list of points such as dd,ee or D4,E5; gnugo asks the --engine (GTP
                      final_status_list dead, one engine per thread; a game it cannot
                      judge in time is `unsettled`)
                      A ruleset with dead=pass-alive (every KataGo rules string) is not
                      asked: its rules remove the stones inside pass-alive territory
  --engine gnugo|COMMAND
                      the GTP engine --dead gnugo asks (and --dead auto, when given, about
                      the strings the judge is unsure of): gnugo (default) is GNU Go 3.8 with
                      --mode gtp --level N; any other value is an engine's command line,
                      split on spaces (no shell), e.g. 'katago gtp -config C -model M'; it
                      must list final_status_list. An engine that fails 3 positions in a
                      row is not asked again in the run (one warning; the games left are
                      `unsettled`)
  --engine-timeout S  seconds per position (default 10), also --gnugo-timeout; an engine
                      that does not answer in time, exits, or answers what is not GTP is
                      killed and restarted, and the game's count is unsettled
  --gnugo-command PROGRAM
                      the GNU Go program for --engine gnugo (default: gnugo, looked up in
                      PATH, then in /usr/games where Debian installs it)
  --gnugo-level N     its --level (default 1: fast; 0 to 10)
  --on-illegal as-it-stands|stop
                      after an illegal play: apply it and go on (default, AGA 8), or stop that
                      ruleset's replay there
  --komi X            komi for every game and ruleset, overriding KM and the defaults
  --map-ru NAME=SPEC  map the RU name NAME to the ruleset SPEC for the record check, before the
                      built-in mapping (repeatable), e.g. --map-ru NZ=tromp-taylor:ko=ssk
  --max-listed N      per game, list at most N illegal plays per ruleset, N record issues per
                      code and N legality divergences (default 1000); the rest are counted
                      ("and N more", JSON "illegal_omitted", "record_issues_omitted",
                      "divergences_omitted"), the summary's counts stay exact
  --ignore CODE,...   set aside diagnostics and record issues of these codes (diagnostic
                      codes such as S103 or S003, docs/diagnostics.md; record-issue codes
                      such as handicap_inferred): not listed, but counted per code ("ignored"
                      in each game object, check's totals, the summary); the exit status
                      is the same as without --ignore
)";
}  // namespace

std::string_view judging_options_help() noexcept {
    return kJudgingHelp;
}

}  // namespace sgfaudit::cli
