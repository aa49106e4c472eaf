// The header from C++: compiles, and links (which only works if the `extern "C"` guard is right).
// Built and run by capi/check.sh.
#include <cstdio>
#include <cstring>

#include "hayanagi.h"

int main() {
    hayanagi_position pos;
    uint64_t nodes = 0;
    const char *command = "position startpos";
    size_t offset = 0;
    if (hayanagi_position_from_usi(&pos, command, std::strlen(command), &offset) != HAYANAGI_OK) return 1;
    if (hayanagi_perft(&pos, 2, 1, &nodes) != HAYANAGI_OK || nodes != 900) return 1;
    if (std::strcmp(hayanagi_error_message(HAYANAGI_ERR_ILLEGAL_MOVE), "the move is not legal in the position") != 0)
        return 1;
    std::printf("hayanagi C API from C++: ok\n");
    return 0;
}
