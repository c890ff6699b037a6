// A main for fuzz targets built without libFuzzer: runs LLVMFuzzerTestOneInput once on each
// input and exits 0 if none of them aborted. This is how the seed corpus and every input that
// ever crashed (tests/fuzz/regressions/<target>/) are re-run by ctest in the ordinary build.
//
// Usage: <target>_fuzz_replay PATH...   A directory stands for the regular files directly in it
// (in name order, skipping hidden files such as .gitkeep); a path that does not exist is an
// error, so a misspelt directory cannot make the test pass on nothing.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

int main(int argc, char** argv) {
    std::vector<fs::path> inputs;
    for (int i = 1; i < argc; ++i) {
        const fs::path arg = argv[i];
        std::error_code ec;
        if (fs::is_directory(arg, ec)) {
            std::vector<fs::path> in_dir;
            for (const auto& entry : fs::directory_iterator(arg, ec))
                if (entry.is_regular_file() && !entry.path().filename().string().starts_with("."))
                    in_dir.push_back(entry.path());
            std::sort(in_dir.begin(), in_dir.end());
            inputs.insert(inputs.end(), in_dir.begin(), in_dir.end());
        } else if (fs::is_regular_file(arg, ec)) {
            inputs.push_back(arg);
        } else {
            std::fprintf(stderr, "replay: %s: no such file or directory\n", argv[i]);
            return 2;
        }
    }
    if (inputs.empty()) {
        std::fprintf(stderr, "usage: %s FILE_OR_DIR...   (found no input to run)\n", argv[0]);
        return 2;
    }
    for (const fs::path& path : inputs) {
        std::ifstream in(path, std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in.good() && !in.eof()) {
            std::fprintf(stderr, "replay: %s: cannot read\n", path.c_str());
            return 2;
        }
        // A buffer of exactly the input's size, as libFuzzer passes it, so that a sanitizer
        // build catches a read past the end.
        auto copy = std::make_unique<std::uint8_t[]>(bytes.size());
        std::copy(bytes.begin(), bytes.end(), copy.get());
        std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), bytes.size());
        LLVMFuzzerTestOneInput(copy.get(), bytes.size());
    }
    std::fprintf(stderr, "replay: all %zu inputs passed\n", inputs.size());
    return 0;
}
