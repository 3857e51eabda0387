extension Rule {
    /// The published list for an anchor variant, if compiled.
    func publishedList(_ variant: Int) -> CompiledRuleList? {
        unretainedList(variant)?.takeUnretainedValue()
    }

    /// The published list for an anchor variant without taking a reference (the rule keeps it
    /// alive), if compiled.
    func unretainedList(_ variant: Int) -> Unmanaged<CompiledRuleList>? {
        switch variant {
        case 0: return compiledList0.loadUnretained()
        case 1: return compiledList1.loadUnretained()
        case 2: return compiledList2.loadUnretained()
        default: return compiledList3.loadUnretained()
        }
    }

    /// Publishes a list for an anchor variant; the first one published wins.
    @discardableResult
    func publish(_ list: CompiledRuleList, variant: Int) -> CompiledRuleList {
        switch variant {
        case 0: return compiledList0.storeIfNil(list)
        case 1: return compiledList1.storeIfNil(list)
        case 2: return compiledList2.storeIfNil(list)
        default: return compiledList3.storeIfNil(list)
        }
    }
}
