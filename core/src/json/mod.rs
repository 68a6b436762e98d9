//! JSON in one place: one lexer ([`lex`]) under every reader of JSON text the SDK has besides
//! serde: the limits every text is measured against before anything walks it ([`limits`]), the
//! quick reading of an answer's envelope ([`envelope`]), and the redaction rewriter and
//! member reader of `raw_json`.

pub(crate) mod envelope;
pub(crate) mod lex;
pub(crate) mod limits;
