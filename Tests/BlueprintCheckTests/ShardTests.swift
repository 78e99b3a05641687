import BlueprintCheck
import Testing

/// `--shard i/n`: contiguous, balanced, every item in exactly one shard, whatever the sizes.
@Suite struct ShardTests {
    @Test func shardsCoverEveryItemOnceAndDifferByAtMostOne() throws {
        for total in 0...40 {
            for count in 1...9 {
                var covered: [Int] = []
                var sizes: [Int] = []
                for index in 1...count {
                    let range = Shard(index: index, count: count).range(of: total)
                    covered += Array(range)
                    sizes.append(range.count)
                }
                #expect(covered == Array(0..<total), "\(total) items in \(count) shards")
                #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "\(total) items in \(count) shards: \(sizes)")
            }
        }
        #expect(Shard(index: 2, count: 4).range(of: 19) == 4..<9)
        #expect(Shard(index: 4, count: 4).range(of: 19) == 14..<19)
    }

    @Test func parsing() throws {
        #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        #expect(try Shard(parsing: "1/1") == Shard(index: 1, count: 1))
        for bad in ["0/4", "5/4", "2/0", "2", "2/", "/4", "a/b", "-1/4", "2/4/6", " 2/4", "２/4", ""] {
            #expect(throws: Shard.Invalid(text: bad)) { try Shard(parsing: bad) }
        }
        #expect(Shard.Invalid(text: "5/4").description == "a shard is INDEX/TOTAL with 1 <= INDEX <= TOTAL (as in 2/4), not '5/4'")
    }
}
