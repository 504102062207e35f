// libFuzzer target: the decoding of a shard's chunks file (shard.chunks, read by `sgfaudit
// merge`). A shard comes from another machine or another run: merge must take any bytes in its
// place without a crash, a hang, an allocation the file does not pay for, or an array indexed by
// an unchecked value (docs/robustness.md, "Merge trusts its input").
//
// The first byte chooses how the rest becomes a chunks file:
//   0: the rest is the whole file, as found on disk (the magic, the header, the end record);
//   1: a valid header, then the rest as the records, then a valid end record (its checksum and
//      record count computed over what is there), so that inputs reach the records' fields;
//   2: a valid header, the rest as the body of one record (its length written by the target),
//      then a valid end record.
//
// Oracle (modes 1 and 2): a record the reader accepts is one the writer could have written:
// encoding the decoded chunk again gives the record's bytes exactly. A value accepted but not
// kept (a flag of 2 read as true, a number cut to 16 bits) would be a field read without its
// range check.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "chunk.hpp"

namespace {

using namespace sgfaudit;
using pipeline::detail::Chunk;
using pipeline::detail::ShardReader;
using pipeline::detail::ShardSeal;

// Little-endian, as shard.chunks writes its numbers.
std::string u64(std::uint64_t v) {
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    return out;
}

// A folder of this process for the chunks file, removed at exit. Plain characters, not a
// std::string: the exit handler runs after static strings are destroyed.
char g_folder[] = "/tmp/sgfaudit-fuzz-shard.XXXXXX";
char g_chunks[sizeof g_folder + 16] = "";

const char* folder() {
    if (g_chunks[0] == '\0') {
        if (::mkdtemp(g_folder) == nullptr) std::abort();
        std::snprintf(g_chunks, sizeof g_chunks, "%s/%.*s", g_folder,
                      static_cast<int>(pipeline::detail::kShardChunks.size()),
                      pipeline::detail::kShardChunks.data());
        std::atexit([] {
            std::remove(g_chunks);
            ::rmdir(g_folder);
        });
    }
    return g_folder;
}

void write_file(const std::string& bytes) {
    folder();
    std::FILE* f = std::fopen(g_chunks, "wb");
    if (f == nullptr) std::abort();
    if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) {
        std::abort();
    }
    std::fclose(f);
}

report::RunDescription run_description() {
    report::RunDescription run;
    run.paths = {"corpus"};
    run.rulesets = {"tromp-taylor", "aga", "french"};
    run.dead = "auto";
    run.on_illegal = "continue";
    run.max_diagrams = 5000;
    run.max_listed = 1000;
    return run;
}

// A whole chunks file: a valid header, RECORDS as they are, a valid end record.
std::string sealed(std::string_view records, std::uint64_t count) {
    std::string file = pipeline::detail::shard_header(1, 1, run_description());
    file += records;
    ShardSeal seal;
    seal.add(file);
    seal.records = count;
    file += pipeline::detail::shard_end(seal);
    return file;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view rest(reinterpret_cast<const char*>(data) + 1, size - 1);
    const int mode = data[0] % 3;
    std::string records;  // what the reader's records should re-encode to (modes 1 and 2)
    if (mode == 0) {
        write_file(std::string(rest));
    } else if (mode == 1) {
        records = std::string(rest);
        write_file(sealed(records, 1));
    } else {
        records = u64(rest.size()) + std::string(rest);
        write_file(sealed(records, 1));
    }
    ShardReader reader;
    if (!reader.open(folder())) {
        // A header the target wrote itself is always read.
        if (mode != 0) std::abort();
        return 0;
    }
    std::string again;
    // At most as many records as the file has bytes of them (each takes at least 8).
    for (std::size_t n = 0; n <= size / 8; ++n) {
        Chunk chunk;
        if (!reader.next(chunk)) break;
        if (mode != 0) {
            again += pipeline::detail::shard_record(chunk);
            if (again.size() > records.size() || records.compare(0, again.size(), again) != 0) {
                std::fprintf(stderr,
                             "shard fuzz: a record was accepted that the writer could "
                             "not have written (a field read without its range check)\n");
                std::abort();
            }
        }
    }
    return 0;
}
