/* A stand-in for Windows' bcryptprimitives.dll, for testing under Wine only; never shipped.
 *
 * Rust's standard library takes its random numbers from ProcessPrng in bcryptprimitives.dll,
 * which every Windows 10 and 11 has but Wine 8 lacks, so a Rust program does not start under
 * Wine 8. This DLL, placed next to a copy of the .exe (scripts/test-windows.sh does that),
 * answers ProcessPrng with RtlGenRandom, exported by advapi32 as SystemFunction036. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    /* RtlGenRandom takes a 32-bit length; ProcessPrng a pointer-sized one. */
    while (length > 0) {
        ULONG part = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, part)) {
            return FALSE;
        }
        data += part;
        length -= part;
    }
    return TRUE;
}
