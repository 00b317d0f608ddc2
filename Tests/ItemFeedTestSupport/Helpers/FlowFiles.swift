import Foundation

/// The files a flow runs, counted as docs/ARCHITECTURE.md states (every
/// source file with a line run between the flow's trigger and its result,
/// once): in a build for coverage with `ITEMFEED_FLOW_FILES` defined
/// (`Benchmarks/scripts/flow-files.sh`), with `ITEMFEED_FLOW` naming the
/// flow, LLVM's counters are reset at its trigger and written at its
/// result. In any other build these do nothing.
public enum FlowFiles {
    public static func begin(_ flow: String) {
        #if ITEMFEED_FLOW_FILES
        guard ProcessInfo.processInfo.environment["ITEMFEED_FLOW"] == flow else { return }
        resetCounters()
        #endif
    }

    public static func end(_ flow: String) {
        #if ITEMFEED_FLOW_FILES
        guard ProcessInfo.processInfo.environment["ITEMFEED_FLOW"] == flow else { return }
        _ = writeProfile()
        // What runs after (the test's end, the process's exit) is not the flow's.
        setProfileFile("/dev/null")
        #endif
    }
}

#if ITEMFEED_FLOW_FILES
@_silgen_name("__llvm_profile_reset_counters") private func resetCounters()
@_silgen_name("__llvm_profile_write_file") private func writeProfile() -> Int32
@_silgen_name("__llvm_profile_set_filename") private func setProfileFile(_ name: UnsafePointer<CChar>)
#endif
