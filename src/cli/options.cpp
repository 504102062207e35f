// The command line shared by `check` and `audit`.

#include "options.hpp"

#include <fmt/format.h>

#include <charconv>
#include <optional>
#include <system_error>

#include "sgfaudit/audit/ruleset.hpp"
#include "sgfaudit/pipeline/gnugo.hpp"
#include "sgfaudit/report/check.hpp"

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
        if (spec == nullptr) return fmt::format("unknown option '{}'", a);
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

// Sets the komi override of `r`, keeping its canonical spec in step (komi is the spec's last
// knob). `komi` has been checked by parse_ruleset_spec.
void override_komi(audit::Ruleset& r, double komi, std::string_view komi_text) {
    std::string spec = r.spec;
    if (const std::size_t at = spec.find(":komi="); at != std::string::npos) spec.resize(at);
    if (!spec.empty()) {
        audit::RulesetParse p =
            audit::parse_ruleset_spec(fmt::format("{}:komi={}", spec, komi_text));
        if (p.ok()) {
            r = std::move(*p.ruleset);
            return;
        }
    }
    r.komi_override = komi;
}

std::optional<std::string> value_of(const ParsedArgs& args, std::string_view name) {
    const auto it = args.values.find(name);
    if (it == args.values.end()) return std::nullopt;
    return it->second;
}

// --gnugo-*: checked whatever --dead says; the engine is started only for `--dead gnugo`.
std::string gnugo_settings(const ParsedArgs& args, audit::AuditOptions& o) {
    pipeline::GnugoOptions g;
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
    if (const auto timeout = value_of(args, "--gnugo-timeout")) {
        double seconds = 0;
        const char* end = timeout->data() + timeout->size();
        const auto [ptr, ec] = std::from_chars(timeout->data(), end, seconds);
        if (ec != std::errc() || ptr != end || !(seconds > 0) || seconds > 86400) {
            return fmt::format("--gnugo-timeout: '{}' is not a number of seconds (0 to 86400)",
                               *timeout);
        }
        g.timeout_seconds = seconds;
    }
    if (o.dead != audit::DeadPolicy::gnugo) return {};
    pipeline::GnugoStart started = pipeline::start_gnugo(g);
    if (!started.oracle) return started.error;
    o.dead_oracle = std::move(started.oracle);
    return {};
}

}  // namespace

std::string audit_settings(const ParsedArgs& args, pipeline::AuditSettings& settings) {
    const std::optional<std::string> rules = value_of(args, "--rules");
    const audit::RulesetListParse list =
        audit::parse_ruleset_list(rules ? *rules : "tromp-taylor,aga,french");
    if (!list.ok()) return fmt::format("--rules: {}", report::spec_error_text(list.error));
    if (list.rulesets.empty()) return "--rules: no ruleset given";
    settings.rulesets = list.rulesets;

    audit::AuditOptions& o = settings.options;
    if (const auto dead = value_of(args, "--dead")) {
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
    }
    if (const std::string error = gnugo_settings(args, o); !error.empty()) return error;
    if (const auto on_illegal = value_of(args, "--on-illegal")) {
        if (*on_illegal == "as-it-stands") {
            o.on_illegal = audit::IllegalPolicy::as_it_stands;
        } else if (*on_illegal == "stop") {
            o.on_illegal = audit::IllegalPolicy::stop;
        } else {
            return fmt::format("--on-illegal: '{}' is not one of as-it-stands, stop", *on_illegal);
        }
    }
    if (const auto it = args.repeated.find("--map-ru"); it != args.repeated.end()) {
        for (const std::string& text : it->second) {
            audit::SpecError error;
            std::optional<audit::RuOverride> o_ru = audit::parse_ru_override(text, error);
            if (!o_ru) return fmt::format("--map-ru: {}", report::spec_error_text(error));
            o.ru_overrides.push_back(std::move(*o_ru));
        }
    }
    if (const auto komi = value_of(args, "--komi")) {
        // The ruleset grammar's number rules (decimal, |X| <= 2704).
        const audit::RulesetParse p =
            audit::parse_ruleset_spec(fmt::format("tromp-taylor:komi={}", *komi));
        if (!p.ok() || !p.ruleset->komi_override) {
            return fmt::format("--komi: '{}' is not a komi ({})", *komi,
                               report::spec_error_text(p.error));
        }
        for (audit::Ruleset& r : settings.rulesets) {
            override_komi(r, *p.ruleset->komi_override, *komi);
        }
    }
    if (const auto listed = value_of(args, "--max-listed")) {
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
    }
    return {};
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

namespace {
constexpr const char* kJudgingHelp = R"(  --dead none|markup|pass-alive|auto|gnugo|LIST
                      dead stones removed before counting: none (default), markup (the final
                      node's TB/TW), pass-alive (Benson: stones inside the opponent's
                      pass-alive territory; a count it cannot settle is `unsettled`), auto
                      (markup where the final node has some, else pass-alive, then the
                      judge of end positions where Benson leaves the count unsettled), or a
                      list of points such as dd,ee or D4,E5; gnugo asks GNU Go 3.8 (GTP
                      final_status_list dead, one engine per thread; a game it cannot
                      judge in time is `unsettled`)
                      A ruleset with dead=pass-alive (every KataGo rules string) is not
                      asked: its rules remove the stones inside pass-alive territory
  --gnugo-command PROGRAM
                      the GTP engine for --dead gnugo (default: gnugo, looked up in
                      PATH, then in /usr/games where Debian installs it)
  --gnugo-level N     its --level (default 1: fast; 0 to 10)
  --gnugo-timeout S   seconds per game (default 10); an engine that does not answer in
                      time is killed and restarted, and the game's count is unsettled
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
)";
}  // namespace

std::string_view judging_options_help() noexcept {
    return kJudgingHelp;
}

}  // namespace sgfaudit::cli
