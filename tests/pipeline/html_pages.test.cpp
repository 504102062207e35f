// index.html past report::kMaxPageBytes (issue 27 item 5): the groups go to pages/ of at most
// report::kPageBytes of blocks each, index.html keeps every group's heading with links to its
// pages, and the broken records link to the page that holds the game.

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "../../src/pipeline/html_groups.hpp"
#include "sgfaudit/report/cause.hpp"
#include "slurp.hpp"
#include "temp_folder.hpp"

using namespace sgfaudit;
using sgfaudit_test::slurp;

namespace {

// A block of `bytes` bytes for game `game` of file 1, its first divergence.
report::HtmlBlock block(std::uint16_t group, int game, std::size_t bytes) {
    report::HtmlBlock b;
    b.group = group;
    b.head =
        "<div class=\"div legality\" id=\"f1-g" + std::to_string(game) + "-1\">\n<h4 id=\"f1-g" +
        std::to_string(game) + "\"><a href=\"#f1-g" + std::to_string(game) +
        "-1\">a.sgf</a></h4>\n<p class=\"broken\"><a href=\"#broken\">broken records</a></p>\n";
    b.head += "<p>" + std::string(bytes, 'x') + "</p>\n";
    b.tail = "</div>\n";
    return b;
}

}  // namespace

TEST_CASE("HtmlGroups: index.html past 5 MB sends its groups to linked pages of 2 MB at most",
          "[pipeline][html][pages]") {
    TempFolder t("sgfaudit-pages");
    const auto g =
        report::html_group(audit::DivergenceKind::legality, report::Cause::psk_only_cycle);
    pipeline::HtmlGroups groups(t.path().string(), 1000, 10000);
    groups.add({block(g, 1, 900'000), block(g, 2, 900'000), block(g, 3, 900'000)});
    groups.add_broken("<tr><td><a href=\"#f1-g3\">a.sgf #3</a></td></tr>\n", 1, 1);
    groups.plan();
    // 2.7 MB of blocks: a page of its own only with a head that brings it past 5 MB.
    CHECK_FALSE(groups.paginate(1'000'000));
    REQUIRE(groups.paginate(3'000'000));

    REQUIRE(groups.write_pages());
    const std::string first = slurp(t.path() / "pages/g-legality-psk_only_cycle.html");
    const std::string second = slurp(t.path() / "pages/g-legality-psk_only_cycle-2.html");
    CHECK_FALSE(std::filesystem::exists(t.path() / "pages/g-legality-psk_only_cycle-3.html"));
    CHECK(first.size() <= report::kPageBytes + 10'000);
    CHECK(second.size() <= report::kPageBytes + 10'000);
    // Two blocks on the first page, the third on the second, each page a whole document that
    // links back to index.html, the first to the next.
    CHECK(first.find("id=\"f1-g2\"") != std::string::npos);
    CHECK(second.find("id=\"f1-g3\"") != std::string::npos);
    CHECK(first.rfind("<!DOCTYPE html>", 0) == 0);
    CHECK(second.find("</html>") != std::string::npos);
    CHECK(first.find("href=\"../index.html#g-legality-psk_only_cycle\"") != std::string::npos);
    CHECK(first.find("href=\"g-legality-psk_only_cycle-2.html\">next page") != std::string::npos);
    CHECK(first.find("href=\"../index.html#broken\"") != std::string::npos);
    CHECK(first.find("href=\"#broken\"") == std::string::npos);
    CHECK(groups.page_of("f1-g1") == "pages/g-legality-psk_only_cycle.html");
    CHECK(groups.page_of("f1-g3") == "pages/g-legality-psk_only_cycle-2.html");
    CHECK(groups.page_of("f1-g4").empty());
    CHECK(groups.page_of("f1-g").empty());

    std::string index;
    REQUIRE(groups.write([&](std::string_view bytes) { index += bytes; }, [] {}));
    CHECK(index.size() < 10'000);
    CHECK(index.find("id=\"kind-legality\"") != std::string::npos);
    CHECK(index.find("id=\"g-legality-psk_only_cycle\"") != std::string::npos);
    CHECK(index.find("href=\"pages/g-legality-psk_only_cycle.html\"") != std::string::npos);
    CHECK(index.find("href=\"pages/g-legality-psk_only_cycle-2.html\"") != std::string::npos);
    // The broken record of game 3 links to its page.
    CHECK(index.find("href=\"pages/g-legality-psk_only_cycle-2.html#f1-g3\"") != std::string::npos);
}

TEST_CASE("HtmlGroups: under 5 MB every group stays on index.html", "[pipeline][html][pages]") {
    TempFolder t("sgfaudit-pages");
    const auto g = report::html_group(audit::DivergenceKind::outcome, report::Cause::end_rule);
    pipeline::HtmlGroups groups(t.path().string(), 1000, 10000);
    groups.add({block(g, 1, 100)});
    groups.add_broken("<tr><td><a href=\"#f1-g1\">a.sgf #1</a></td></tr>\n", 1, 1);
    groups.plan();
    REQUIRE_FALSE(groups.paginate(100'000));
    std::string index;
    REQUIRE(groups.write([&](std::string_view bytes) { index += bytes; }, [] {}));
    CHECK(index.find("<a href=\"#f1-g1\">a.sgf #1</a>") != std::string::npos);
    CHECK(index.find("id=\"f1-g1\"") != std::string::npos);
    CHECK(index.find("href=\"#broken\"") != std::string::npos);
    CHECK(index.find("pages/") == std::string::npos);
    CHECK_FALSE(std::filesystem::exists(t.path() / "pages"));
}

namespace {

// The number of descriptors this process has open.
std::size_t open_descriptors() {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator("/proc/self/fd")) ++n;
    return n;
}

}  // namespace

TEST_CASE("HtmlGroups: many pages are each whole, and none is left open",
          "[pipeline][html][pages]") {
    // The pages are made durable once 64 wait (their descriptors kept until then), then one at
    // a time: a group of 66 pages passes that number, and each page must still hold its block
    // and end.
    TempFolder t("sgfaudit-pages");
    const auto g = report::html_group(audit::DivergenceKind::outcome, report::Cause::dead_stones);
    const std::size_t before = open_descriptors();
    {
        pipeline::HtmlGroups groups(t.path().string(), 1000, 10000);
        for (int game = 1; game <= 66; ++game) groups.add({block(g, game, 1'100'000)});
        groups.plan();
        REQUIRE(groups.paginate(0));
        REQUIRE(groups.write_pages());
        for (int page = 1; page <= 66; ++page) {
            const std::string name =
                page == 1 ? std::string("pages/g-outcome-dead_stones.html")
                          : "pages/g-outcome-dead_stones-" + std::to_string(page) + ".html";
            CAPTURE(name);
            const std::string text = slurp(t.path() / name);
            CHECK(text.find("id=\"f1-g" + std::to_string(page) + "\"") != std::string::npos);
            CHECK(text.find(std::string(1'100'000, 'x')) != std::string::npos);
            CHECK(text.find("</html>") != std::string::npos);
            CHECK(groups.page_of("f1-g" + std::to_string(page)) == name);
        }
        CHECK_FALSE(std::filesystem::exists(t.path() / "pages/g-outcome-dead_stones-67.html"));
        groups.remove();
    }
    CHECK(open_descriptors() == before);
}

TEST_CASE("HtmlGroups: an anchor written on two pages links to the first",
          "[pipeline][html][pages]") {
    // Blocks of 0.7 MB, two to a page: games 1 and 2, then 3 and 1 again, then 4 and 5, then 4
    // again. An anchor written twice links to the page it was first written to (as the map of
    // anchors did), whatever the order sorting the anchors leaves equal ones in.
    TempFolder t("sgfaudit-pages");
    const auto g = report::html_group(audit::DivergenceKind::outcome, report::Cause::dead_stones);
    pipeline::HtmlGroups groups(t.path().string(), 1000, 10000);
    for (const int game : {1, 2, 3, 1, 4, 5, 4}) groups.add({block(g, game, 700'000)});
    groups.plan();
    REQUIRE(groups.paginate(1'000'000));  // 4.9 MB of blocks and a head of 1 MB
    REQUIRE(groups.write_pages());
    const std::string page2 = slurp(t.path() / "pages/g-outcome-dead_stones-2.html");
    REQUIRE(page2.find("id=\"f1-g1\"") != std::string::npos);
    CHECK(groups.page_of("f1-g1") == "pages/g-outcome-dead_stones.html");
    CHECK(groups.page_of("f1-g3") == "pages/g-outcome-dead_stones-2.html");
    CHECK(groups.page_of("f1-g4") == "pages/g-outcome-dead_stones-3.html");
    CHECK(groups.page_of("f1-g5") == "pages/g-outcome-dead_stones-3.html");
    CHECK(slurp(t.path() / "pages/g-outcome-dead_stones-4.html").find("id=\"f1-g4\"") !=
          std::string::npos);
    CHECK(groups.page_of("f1-g6").empty());
    groups.remove();
}
