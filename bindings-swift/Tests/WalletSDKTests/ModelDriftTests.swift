import XCTest
@testable import WalletSDK

/// Every result and item type of the core, with every field, is a generated struct: the core's
/// schema (`modelFields()`) against the generated source.
final class ModelDriftTests: XCTestCase {
    func testEveryCoreModelFieldIsGenerated() throws {
        let source = try String(contentsOf: generatedSource, encoding: .utf8)
        let schema = modelFields()
        XCTAssertEqual(schema.count, 50)
        for (type, fields) in schema {
            guard let start = source.range(of: "public struct \(type)[: ]", options: .regularExpression),
                  let end = source.range(of: "\n}", range: start.upperBound..<source.endIndex) else {
                XCTFail("no struct \(type) in the generated Swift")
                continue
            }
            let body = source[start.upperBound..<end.lowerBound]
            for field in fields {
                let parts = field.split(separator: "_")
                let camel = parts.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
                XCTAssertTrue(body.contains("public var \(camel):"), "\(type).\(camel) is missing from the generated Swift")
            }
        }
    }
}
