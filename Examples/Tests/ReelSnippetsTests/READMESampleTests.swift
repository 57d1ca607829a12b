import Foundation
import Testing

/// Every Swift sample in the README and in the DocC catalogues' articles (`Sources/*/*.docc`)
/// is a file the package compiles: the line above each ```` ```swift ```` block names it
/// (`<!-- compiled: Examples/Snippets/PlayClip.swift -->`, or any file of the package, a whole
/// executable or test file included), and the block must be that file exactly, but for blank
/// lines at either end. The ReelSnippets target compiles `Examples/Snippets` (with its
/// `Articles` folder), so `make build-tests` fails when a sample no longer compiles, and this
/// suite (in `make test`) fails when a document and its file differ, or when a file there is
/// shown in no document.
@Suite("README and catalogue samples")
struct READMESampleTests {
    /// The package's root: this file is `Examples/Tests/ReelSnippetsTests/READMESampleTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The markdown files whose Swift samples are checked, from the root: the README and every
    /// page of every DocC catalogue.
    static let documents = ["README.md"] + catalogues()

    /// The folders of the documents' own samples, from the root; each file there must be shown.
    static let snippetFolders = ["Examples/Snippets", "Examples/Snippets/Articles"]

    /// The markdown pages of `Sources/*/*.docc`, from the root, sorted.
    static func catalogues() -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return modules.flatMap { module -> [String] in
            let catalogue = "Sources/\(module)/\(module).docc"
            let pages =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalogue).path))
            return (pages ?? []).filter { $0.hasSuffix(".md") }.map { "\(catalogue)/\($0)" }
        }.sorted()
    }

    @Test(arguments: documents)
    func everySwiftSampleIsTheFileItNames(_ document: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
        let samples = MarkdownSamples.swiftBlocks(in: markdown)
        if document == "README.md" { #expect(!samples.isEmpty, "\(document) has no Swift sample") }
        for sample in samples {
            guard let path = sample.file else {
                Issue.record(
                    "\(document):\(sample.line): a Swift sample without `<!-- compiled: path -->` on the line above")
                continue
            }
            let url = Self.root.appendingPathComponent(path)
            guard let file = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("\(document):\(sample.line): \(path) does not exist")
                continue
            }
            if let difference = MarkdownSamples.difference(between: sample.code, and: file) {
                Issue.record("\(document):\(sample.line) differs from \(path): \(difference)")
            }
        }
    }

    @Test func everyModuleHasACatalogueWithSamples() throws {
        let pages = Self.catalogues()
        for module in ["Reel", "ReelCore", "ReelPlayer", "ReelComposable", "ReelTesting", "ReelIsolation"] {
            #expect(pages.contains("Sources/\(module)/\(module).docc/\(module).md"), "\(module) has no catalogue")
        }
        let samples = try pages.flatMap { page in
            MarkdownSamples.swiftBlocks(
                in: try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8))
        }
        #expect(samples.count >= 10, "the catalogues have \(samples.count) Swift samples")
    }

    @Test func everySnippetIsShownInADocument() throws {
        let named = try Set(
            Self.documents.flatMap { document in
                MarkdownSamples.swiftBlocks(
                    in: try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
                ).compactMap(\.file)
            })
        var paths: [String] = []
        for folder in Self.snippetFolders {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent(folder).path
            ).filter { $0.hasSuffix(".swift") }
            paths += files.map { "\(folder)/\($0)" }
        }
        #expect(!paths.isEmpty)
        for path in paths.sorted() {
            #expect(named.contains(path), "\(path) is not shown in README.md or any catalogue page")
        }
    }

    @Test func blocksAreFoundWithTheFileOnTheLineAbove() {
        let markdown = """
            # Title

            <!-- compiled: Examples/Snippets/One.swift -->
            ```swift

            let one = 1
            ```

            Text between.
            ```swift
            let two = 2
            ```
            ```sh
            make
            ```
            """
        let samples = MarkdownSamples.swiftBlocks(in: markdown)
        #expect(samples.map(\.line) == [4, 10])
        #expect(samples.map(\.file) == ["Examples/Snippets/One.swift", nil])
        #expect(samples.map(\.code) == ["\nlet one = 1", "let two = 2"])
    }

    @Test func onlyBlankLinesAtEitherEndAreForgiven() {
        #expect(
            MarkdownSamples.difference(between: "\nlet a = 1\n\nlet b = 2", and: "let a = 1\n\nlet b = 2\n\n") == nil)
        #expect(MarkdownSamples.difference(between: "let a = 1\nlet b = 2", and: "let a = 1\n\nlet b = 2") != nil)
        #expect(MarkdownSamples.difference(between: "let a = 1", and: "let a = 1  ") != nil)
        #expect(MarkdownSamples.difference(between: "let a = 1", and: "  let a = 1") != nil)
        let missing = MarkdownSamples.difference(between: "let a = 1", and: "let a = 1\nlet b = 2")
        #expect(missing == "line 2: the document has nothing, the file has \"let b = 2\"")
    }
}

/// Swift code blocks in markdown, and how they differ from files.
enum MarkdownSamples {
    /// One ```` ```swift ```` block.
    struct Block: Equatable {
        /// The 1-based line of its opening fence.
        var line: Int
        /// The file named by `<!-- compiled: path -->` on the nearest non-blank line above.
        var file: String?
        /// The lines between the fences.
        var code: String
    }

    /// The `swift` blocks of `markdown`, in order.
    static func swiftBlocks(in markdown: String) -> [Block] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else {
                index += 1
                continue
            }
            let info = fence.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let end =
                lines[(index + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" } ?? lines.count
            if info == "swift" {
                let above = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                blocks.append(
                    Block(
                        line: index + 1, file: above.flatMap(marker),
                        code: lines[(index + 1)..<end].joined(separator: "\n")))
            }
            index = end + 1
        }
        return blocks
    }

    /// The path in `<!-- compiled: path -->`.
    static func marker(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let prefix = "<!-- compiled:"
        guard trimmed.hasPrefix(prefix), trimmed.hasSuffix("-->") else { return nil }
        let path = trimmed.dropFirst(prefix.count).dropLast(3).trimmingCharacters(in: .whitespaces)
        return path.isEmpty ? nil : path
    }

    /// Nil when `sample` and `file` are the same lines once blank lines at either end are
    /// dropped; otherwise the first line that differs, with both versions.
    static func difference(between sample: String, and file: String) -> String? {
        let ours = trimmed(sample)
        let theirs = trimmed(file)
        guard ours != theirs else { return nil }
        let common = min(ours.count, theirs.count)
        let line = (0..<common).first { ours[$0] != theirs[$0] } ?? common
        let shown = { (lines: [String]) in line < lines.count ? "\"\(lines[line])\"" : "nothing" }
        return "line \(line + 1): the document has \(shown(ours)), the file has \(shown(theirs))"
    }

    /// The lines of `text` without the blank lines at its start and end.
    private static func trimmed(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isBlank = { (line: String) in line.trimmingCharacters(in: .whitespaces).isEmpty }
        while let first = lines.first, isBlank(first) { lines.removeFirst() }
        while let last = lines.last, isBlank(last) { lines.removeLast() }
        return lines
    }
}
