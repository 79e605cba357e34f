import KeyedArchive
import TestSupport
import Testing

/// Seeded random damage to whole files: wherever decoding the checklists throws, the partial load
/// with skimmed items throws too; wherever decoding succeeds, the skim reads the same IDs, and
/// the items read in place are the decoded ones.
struct KeyedUnarchiverSkimMutationTests {
    /// Small files, binary and XML, with every optional field of an item present somewhere.
    static let inputs: [OwnInput] = {
        var inputs: [OwnInput] = []
        for seed: UInt64 in 1...4 {
            var random = SplitMix64(seed: 0x5EED + seed)
            let checklists = SkimmableChecklist.randomFile(using: &random, maximumItems: 4)
            inputs.append(OwnInput(name: "binary file, seed \(seed)", bytes: SkimmableChecklist.archive(checklists)))
            let safe = SkimmableChecklist.archive(checklists.map(KeyedUnarchiverSkimTests.xmlSafe))
            if let tree = try? PropertyListReader.read(safe) {
                inputs.append(OwnInput(name: "XML file, seed \(seed)", bytes: HandmadeArchive.xml(tree)))
            }
        }
        // Many items of one shape: all but the first are checked in place.
        let sameShape = (0..<10).map { number in
            SkimmableItem(
                text: "item \(number)", checked: number % 2 == 0, shouldRemind: true, itemID: number,
                dueDate: Double(number), repeatRule: "FREQ=DAILY", uid: "u\(number)", hasDueDate: true,
                allDay: false, dueDay: "2026-11-\(10 + number)")
        }
        inputs.append(
            OwnInput(
                name: "items of one shape",
                bytes: SkimmableChecklist.archive([SkimmableChecklist(name: "n", items: sameShape, iconName: "i")])))
        let handmade = KeyedUnarchiverSkimDamageTests.self
        inputs.append(
            OwnInput(
                name: "hand-made file",
                bytes: handmade.archive(
                    item: handmade.item("Repeat", .uid(0)) + [("UID", .uid(handmade.UID.icon))], xml: false)))
        return inputs
    }()

    @Test(arguments: inputs)
    func mutantsDecodingRejectsAreSkimmedToAnError(_ input: OwnInput) {
        var random = SplitMix64(seed: MutationTests.stableSeed(input.name))
        var failures = 0
        var rejected = 0
        for number in 0..<400 where failures < 3 {
            let (description, mutant) = Mutator.mutate(input.bytes, using: &random)
            let (skimmed, decoded) = KeyedUnarchiverSkimTests.verdicts(mutant)
            if decoded == nil { rejected += 1 }
            if skimmed != decoded {
                failures += 1
                let verdicts = "decoded \(String(describing: decoded)), skimmed \(String(describing: skimmed))"
                Issue.record("\(input.name), mutant \(number) (\(description)): \(verdicts)")
            }
            // A peek at the IDs reads any mutant without trapping (what it reads is not checked).
            _ = try? KeyedUnarchiverSkimTests.eachChecklist(mutant) { unarchiver, items in
                unarchiver.peekIntegers(forKey: "ItemID", ofObjects: items)
            }
            let items = KeyedUnarchiverSkimTests.itemVerdicts(mutant)
            if items.read != items.decoded {
                failures += 1
                let verdicts = "decoded \(String(describing: items.decoded)), read \(String(describing: items.read))"
                Issue.record("\(input.name), mutant \(number) (\(description)), items: \(verdicts)")
            }
        }
        // The mutator really damages: a good share of mutants are rejected.
        #expect(rejected > 100)
    }
}
