// DT (FF[4]): the date forms and their shortcuts, and S230 (info) with its location where a
// record's DT is none of them. Written from the FF[4] text on DT: ISO dates YYYY-MM-DD, partial
// dates YYYY-MM and YYYY, several dates separated by commas, later ones shortened to MM-DD, MM
// or DD, taking the year and month of the date before them.

#include <catch2/catch.hpp>
#include <string>
#include <string_view>

#include "sgfaudit/sgf/reader.hpp"
#include "sgfaudit/sgf/record.hpp"
#include "sgfaudit/sgf/values.hpp"

using sgfaudit::sgf::is_sgf_date;

TEST_CASE("S230: the FF4 date forms and their shortcuts are dates", "[sgf][values][date]") {
    for (const std::string_view dt : {
             "1996-05-06",                        // one day
             "1996-05",                           // a month
             "1996",                              // a year
             "1996-05,06",                        // May and June 1996
             "1996-05-06,07,08",                  // three days of May
             "1996,1997",                         // two years
             "1996-12-27,28,1997-01-03,04",       // across a new year
             "1997-05-05,1997-05-06",             // written out twice
             "1996-05-06,07-01",                  // then MM-DD
             "1996-05-06,07-01,02",               // then DD after MM-DD
             "2001-04-22,2001-04-23,2001-04-24",  // KGS's adjourned games
             "1996-05,06-10",                     // MM-DD after a month
             "2000-02-29",                        // a day up to 31 is read, not a calendar
         }) {
        CAPTURE(dt);
        CHECK(is_sgf_date(dt));
    }
}

TEST_CASE("S230: anything else is not a date", "[sgf][values][date]") {
    for (const std::string_view dt : {
             "",                  // empty
             "2001-4-22",         // one-digit month (KGS's older records)
             "2001-04-2",         // one-digit day
             "2005-",             // a dangling separator
             "Sept 12/13, 1996",  // free text
             "1996/05/06",        // other separators
             "06.05.1996",        // day first
             "1996-13-01",        // month 13
             "1996-00",           // month 0
             "1996-05-32",        // day 32
             "1996-05-00",        // day 0
             "1996-05-06, 07",    // a space after the comma
             "1996-05-06,",       // an empty date
             "05-06",             // a shortcut first
             "1996,05",           // MM after a year alone
             "1996,05-06",        // MM-DD after a year alone
             "1996-05,13",        // month 13 as a shortcut
             "1996-05-06,32",     // day 32 as a shortcut
             "96-05-06",          // two-digit year
             "1996-05-06T10:00",  // a time
         }) {
        CAPTURE(dt);
        CHECK_FALSE(is_sgf_date(dt));
    }
    // The value is SimpleText: an escaped character is read unescaped.
    CHECK(is_sgf_date("1996-05-06\\,07"));
}

TEST_CASE("S230: a record whose DT is no date gets one info at the value, and keeps the text",
          "[sgf][record][date]") {
    using namespace sgfaudit::sgf;
    const std::string text = "(;GM[1]FF[4]SZ[9]\nDT[Sept 12/13, 1996]RE[B+R];B[cc])";
    const Document doc = read_document("d.sgf", text);
    REQUIRE(doc.games().size() == 1);
    const GameRecord r = read_record(doc, 0);
    CHECK(r.date == "Sept 12/13, 1996");
    int found = 0;
    for (const Diagnostic& d : r.diagnostics) {
        if (d.code != "S230") continue;
        ++found;
        CHECK(d.severity == Severity::info);
        CHECK(d.where.line == 2);
        CHECK(d.where.column == 4);  // the value, after "DT["
        CHECK(d.message.find("Sept 12/13, 1996") != std::string::npos);
    }
    CHECK(found == 1);
    CHECK_FALSE(r.has_errors());
    // A date gives none.
    const Document ok = read_document("d.sgf", "(;GM[1]FF[4]SZ[9]DT[1996-05-06,07];B[cc])");
    for (const Diagnostic& d : read_record(ok, 0).diagnostics) CHECK(d.code != "S230");
}
