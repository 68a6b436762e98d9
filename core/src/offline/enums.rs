// The enums of the offline toolkit, declared once: the core expands them in `offline/mod.rs`,
// and `ffi/src/offline.rs` expands them again (`wallet_sdk::for_each_offline_enum_declaration!`)
// into its uniffi enums and conversions. Each
// variant's string is its printed name (`as_str`, `Display`; Kotlin `toString()`, Swift
// `description`).
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_offline_enum_declaration {
    ($callback:ident) => { $callback! {
    /// A Litecoin network, printed as `mainnet`, `testnet` or `regtest`.
    ///
    /// Testnet and regtest share their Base58 prefixes (addresses `m…`/`n…`/`Q…`/`2…`, WIFs `c…`/`9…`)
    /// and their MWEB prefix `tmweb`; only bech32 tells them apart (`tltc` / `rltc`).
    Network {
        /// Litecoin mainnet: `L…`, `M…` (and legacy `3…`), `ltc1…`, `ltcmweb1…`.
        Mainnet = "mainnet",
        /// Litecoin testnet: `m…`/`n…`, `Q…` (and legacy `2…`), `tltc1…`, `tmweb1…`.
        Testnet = "testnet",
        /// Litecoin regtest: as testnet, but `rltc1…` for segwit.
        Regtest = "regtest",
    }

    /// How one key is shown as an address, and which BIP137 header family its signed messages
    /// use; printed as `p2pkh`, `p2sh-p2wpkh` or `p2wpkh`.
    KeyAddressType {
        /// Pay to public key hash (`L…`, `m…`/`n…`); Core's `legacy`. The key may be uncompressed.
        P2pkh = "p2pkh",
        /// P2WPKH nested in P2SH (`M…`, `Q…`); Core's `p2sh-segwit`. Compressed keys only.
        P2shP2wpkh = "p2sh-p2wpkh",
        /// Native segwit v0 (`ltc1q…`, `tltc1q…`, `rltc1q…`); Core's `bech32`. Compressed keys only.
        P2wpkh = "p2wpkh",
    }

    /// What an address pays to; printed as `p2pkh`, `p2sh`, `p2wpkh`, `p2wsh`, `p2tr`,
    /// `witness_unknown` or `mweb`.
    AddressKind {
        /// Pay to public key hash (Base58).
        P2pkh = "p2pkh",
        /// Pay to script hash (Base58), including P2SH-wrapped segwit.
        P2sh = "p2sh",
        /// Segwit v0 key hash (20-byte program).
        P2wpkh = "p2wpkh",
        /// Segwit v0 script hash (32-byte program).
        P2wsh = "p2wsh",
        /// Segwit v1 with a 32-byte program (taproot).
        P2tr = "p2tr",
        /// Any other segwit version or length that Core accepts (v1 not 32 bytes, v2 to v16).
        WitnessUnknown = "witness_unknown",
        /// MWEB stealth address (`ltcmweb1…`, `tmweb1…`).
        Mweb = "mweb",
    }

    /// What a pasted or scanned text is, as `parse_input` recognises it; printed as `address`,
    /// `payment_uri`, `wif`, `mnemonic`, `extended_public_key`, `extended_private_key`,
    /// `txid_or_private_key`, `raw_transaction` or `unknown`.
    InputKind {
        /// A Litecoin address.
        Address = "address",
        /// A `litecoin:` payment URI.
        PaymentUri = "payment_uri",
        /// A WIF private key (a secret).
        Wif = "wif",
        /// A BIP39 phrase of the English list (a secret).
        Mnemonic = "mnemonic",
        /// A BIP32 extended public key (`xpub`, `Ltub`, `Mtub`, `tpub`, …).
        ExtendedPublicKey = "extended_public_key",
        /// A BIP32 extended private key (`xprv`, `Ltpv`, `Mtpv`, `tprv`, …; a secret).
        ExtendedPrivateKey = "extended_private_key",
        /// 64 hex characters: a transaction id, or a raw private key, which look the same (so
        /// treated as a secret, and never echoed).
        TxidOrPrivateKey = "txid_or_private_key",
        /// A serialised transaction in hex.
        RawTransaction = "raw_transaction",
        /// None of these.
        Unknown = "unknown",
    }

    /// The image format of `payment_qr`; printed as `svg` or `png`.
    QrFormat {
        /// SVG text (UTF-8).
        Svg = "svg",
        /// PNG bytes (1-bit grey).
        Png = "png",
        /// Text for a terminal (UTF-8): two modules per character with the half blocks
        /// `▀ ▄ █`, light modules drawn in the terminal's foreground colour (for a light-on-dark
        /// terminal, as `qrencode -t UTF8` draws them).
        Text = "text",
    }

    /// How much of a QR code may be damaged and still be read; printed as `L`, `M`, `Q` or `H`.
    /// The more, the larger the code for the same text; `M` is the usual choice.
    QrErrorCorrection {
        /// About 7 % of the code may be lost.
        L = "L",
        /// About 15 %.
        M = "M",
        /// About 25 %.
        Q = "Q",
        /// About 30 %.
        H = "H",
    }

    /// What an output of a reviewed transaction is for; printed as `recipient`, `change` or
    /// `service_fee`.
    OutputRole {
        /// It pays one of the intent's recipients.
        Recipient = "recipient",
        /// Change back to the sender (or to the intent's change address).
        Change = "change",
        /// The declared service fee.
        ServiceFee = "service_fee",
    }
} };
}
