//! The records the SDK hands out besides the operations' results, declared once: the event
//! stream's (`WalletEvent`, `Payment`) and `resolve`'s (`Resolution`), with their enums.
//! `for_each_record_declaration!` gives each its documentation (for every language) and its
//! fields; the core's types are made from it here, and so are the Kotlin, Swift and Java
//! records (`ffi/src/records.rs`) and the getters of Python's classes
//! (`bindings-python/src/records.rs`).

use crate::amount::Amount;
use crate::models::SentFunds;

/// Calls `$callback!` with the enums and records of the event stream and `resolve`.
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_record_declaration {
    ($callback:ident) => {
        $callback! {
            enums {
                /// What happened to a wallet transaction.
                WalletEventKind {
                    /// A payment to the wallet appeared (in the mempool or already in a block).
                    Received = "received",
                    /// A received payment reached the confirmations the watch asked for.
                    Confirmed = "confirmed",
                    /// A block that held the transaction left the chain: it is unconfirmed again,
                    /// or in another block (then `confirmed` follows again once it has the
                    /// confirmations).
                    Reorged = "reorged",
                    /// A conflicting transaction was mined instead: negative confirmations on the
                    /// service, or a received entry that vanished from the list. The
                    /// replacement, when it pays the wallet, is its own `received`.
                    Replaced = "replaced",
                    /// An outgoing transaction vanished from the wallet's list, or an entry was
                    /// abandoned.
                    Dropped = "dropped",
                    /// The wallet sent a payment (an outgoing entry; the amount is negative).
                    Sent = "sent",
                }
                /// Whether a payment request was paid.
                PaymentStatus {
                    /// Exactly the amount asked for arrived, with the confirmations asked for.
                    Paid = "paid",
                    /// Less arrived (with the confirmations asked for) before the timeout.
                    Underpaid = "underpaid",
                    /// More than the amount asked for arrived.
                    Overpaid = "overpaid",
                }
                /// What resolve found out about a call whose outcome was unknown.
                ResolutionState {
                    /// The operation took effect (the transaction is in the mempool or a block, the
                    /// wallet exists, the keyed send is in the wallet).
                    Applied = "applied",
                    /// The operation did not take effect, and the request can no longer be in
                    /// flight (the settle time has passed), or it was never sent, or the service
                    /// refused it. Safe to do again.
                    NotApplied = "not_applied",
                    /// The SDK cannot tell: the operation leaves nothing it can look up (an address
                    /// creation, a send without idempotency key, a passphrase change), or the
                    /// error carries nothing to check. The reason says which. Check by other
                    /// means before doing it again.
                    Unknown = "unknown",
                }
            }
            records {
                /// One event of a wallet: one entry of the wallet's list (one output of a
                /// transaction to or from the wallet) and what happened to it.
                WalletEvent {
                    /// What happened: `received`, `confirmed`, `reorged`, `replaced`, `dropped` or
                    /// `sent`.
                    kind: WalletEventKind,
                    /// The transaction.
                    txid: String,
                    /// The address paid (for `sent`, the recipient's), when the service names one.
                    address: Option<String>,
                    /// The entry's amount: positive for a payment received, negative for one sent.
                    amount: Amount,
                    /// Confirmations when the event was seen (negative: a conflicting transaction
                    /// was mined).
                    confirmations: i64,
                    /// Where to resume after this event: save it once the event is handled, and a
                    /// watch from it repeats nothing and loses nothing. Opaque, versioned, bounded
                    /// text.
                    cursor: String,
                }
                /// What waiting for a payment found.
                Payment {
                    /// The transactions counted (payments to the address with the confirmations
                    /// asked for), oldest first.
                    txids: Vec<String>,
                    /// Their total to the address.
                    received: Amount,
                    /// The fewest confirmations among them (0 when none).
                    confirmations: i64,
                    /// `paid`, `underpaid` (less when the wait ended) or `overpaid`.
                    status: PaymentStatus,
                }
                /// What resolve found out about a call whose outcome was unknown. A broadcast is
                /// looked up by the txid computed from its hex, a keyed send by its key in the
                /// wallet's newest transactions, a wallet creation by the wallet's name, an
                /// encryption by the wallet being encrypted; other operations leave nothing to
                /// look up. A wallet of that name that existed before the call also reads as
                /// applied: the check cannot tell who created it.
                Resolution {
                    /// `applied` (it took effect), `not_applied` (it did not and no longer can: safe
                    /// to do again) or `unknown` (check by other means before doing it again).
                    state: ResolutionState,
                    /// The operation (snake_case name) the error came from, when known.
                    operation: Option<String>,
                    /// The transaction id: of the broadcast (computed locally), or of the keyed
                    /// send found.
                    txid: Option<String>,
                    /// The wallet of a wallet creation or a keyed send.
                    wallet_name: Option<String>,
                    /// For an applied keyed send: the send, as the replay of its key returns it.
                    sent: Option<SentFunds>,
                    /// True when the operation was applied but a secret it returns only once (a
                    /// new wallet's recovery phrase or passphrase) was in the lost answer: the
                    /// SDK cannot get it back. Do not fund that wallet; create another under a new
                    /// name and leave this one empty.
                    secret_lost: bool,
                    /// One sentence: how the state was decided.
                    reason: String,
                }
            }
        }
    };
}

macro_rules! declare_records {
    (
        enums { $( $(#[doc = $edoc:literal])* $enum:ident { $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal, )* } )* }
        records { $( $(#[doc = $rdoc:literal])* $record:ident { $( $(#[doc = $fdoc:literal])* $field:ident : $ty:ty, )* } )* }
    ) => {
        crate::named_enums::declare_named_enums! {
            $( $(#[doc = $edoc])* $enum { $( $(#[doc = $vdoc])* $variant = $text, )* } )*
        }
        $(
            $(#[doc = $rdoc])*
            #[derive(Clone, Debug, PartialEq)]
            #[non_exhaustive]
            pub struct $record {
                $( $(#[doc = $fdoc])* pub $field: $ty, )*
            }
        )*
    };
}

crate::for_each_record_declaration!(declare_records);
