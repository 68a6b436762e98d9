//! The client's settings, declared once. `for_each_client_setting!` lists every optional setting
//! with its documentation, its kind of value, how each surface spells it, and what it does to
//! the [`ClientBuilder`](crate::ClientBuilder); the `WalletClientConfig` record of Kotlin, Swift
//! and Java and the keywords of Python's constructors are generated from it, and
//! [`CLIENT_SETTINGS`] (what the `wallet` command line's test checks its flags against) too.
//! The two required settings, the base URL and the credential, are taken apart by every
//! surface (Python also takes the credential as a node URL, or from the environment).

/// One setting and how each surface spells it.
#[derive(Debug, Clone, Copy)]
pub struct ClientSetting {
    /// The setting, in snake_case.
    pub name: &'static str,
    /// What it does: the first sentence of its documentation.
    pub about: &'static str,
    /// The `ClientBuilder` method.
    pub rust: &'static str,
    /// The keyword of Python's constructors.
    pub python: &'static str,
    /// The field of `WalletClientConfig` (Kotlin, Swift, Java).
    pub ffi: &'static str,
    /// The flag of the `wallet` command line.
    pub cli: &'static str,
}

/// Calls `$callback!` with every optional setting of a client, declared once:
///
/// ```text
/// /// documentation (for every language)
/// name: Kind { python keyword, ffi field unit, cli "--flag" } rust_method |builder, value| application,
/// ```
///
/// The kinds, and what each binding takes for them: `Duration` (Python seconds as a float;
/// the FFI an integer of the `ms` or `s` unit given), `Count` (`u32`), `Bytes` (`usize`),
/// `Text`, `Flag` (`false` when not given), `Pems` (a list of PEM texts), `SecretText` (a
/// secret: a proxy URL may hold a password) and `Codes` (the address type codes). The
/// application is a closure of the builder and the value as the core takes it.
#[macro_export]
#[doc(hidden)]
macro_rules! for_each_client_setting {
    ($callback:ident $(; $($extra:tt)*)?) => {
        $callback! {
            $($($extra)*)?
            settings:
            /// Time allowed to connect (default 10 s).
            connect_timeout: Duration { python connect_timeout, ffi connect_timeout_ms ms, cli "--connect-timeout" }
                connect_timeout |b: $crate::ClientBuilder, v| b.connect_timeout(v),
            /// Time allowed for one attempt (default 60 s).
            timeout: Duration { python timeout, ffi timeout_ms ms, cli "--timeout" }
                timeout |b: $crate::ClientBuilder, v| b.timeout(v),
            /// Attempts in total, the first included (default 3; 1 = no retries).
            max_attempts: Count { python max_attempts, ffi max_attempts count, cli "--max-attempts" }
                max_attempts |b: $crate::ClientBuilder, v| b.max_attempts(v),
            /// Delay before the first retry, doubled each time (default 200 ms).
            backoff: Duration { python backoff, ffi base_backoff_ms ms, cli "--backoff" }
                base_backoff |b: $crate::ClientBuilder, v| b.base_backoff(v),
            /// Cap of the retry delay, and of the service's Retry-After (default 5 s).
            max_backoff: Duration { python max_backoff, ffi max_backoff_ms ms, cli "--max-backoff" }
                max_backoff |b: $crate::ClientBuilder, v| b.max_backoff(v),
            /// Product token appended to the User-Agent.
            user_agent_suffix: Text { python user_agent_suffix, ffi user_agent_suffix text, cli "--user-agent-suffix" }
                user_agent_suffix |b: $crate::ClientBuilder, v: String| b.user_agent_suffix(v),
            /// Largest answer body accepted, in bytes (default 16 MiB).
            max_response_bytes: Bytes { python max_response_bytes, ffi max_response_bytes bytes, cli "--max-response-bytes" }
                max_response_bytes |b: $crate::ClientBuilder, v| b.max_response_bytes(v),
            /// Allow `http://` to a host other than loopback.
            /// The credential then travels unencrypted.
            allow_insecure_http: Flag { python allow_insecure_http, ffi allow_insecure_http flag, cli "--allow-insecure-http" }
                allow_insecure_http |b: $crate::ClientBuilder, v| b.allow_insecure_http(v),
            /// Extra trusted root certificates (PEM).
            root_certificates: Pems { python root_certificates_pem, ffi root_certificates_pem pems, cli "--ca-cert" }
                add_root_certificate_pem |b: $crate::ClientBuilder, v: String| b.add_root_certificate_pem(v.into_bytes()),
            /// Trust only the given root certificates, not the bundled web-PKI ones.
            tls_certs_only: Flag { python tls_certs_only, ffi tls_certs_only flag, cli "--ca-cert-only" }
                tls_certs_only |b: $crate::ClientBuilder, v| b.tls_certs_only(v),
            /// An HTTP proxy for every request.
            /// Written `http://[user:password@]host:port`; https and SOCKS proxies are refused.
            /// Without it, the proxy of the environment is used.
            proxy: SecretText { python proxy, ffi proxy secret, cli "--proxy" }
                proxy |b: $crate::ClientBuilder, v: &$crate::Secret| b.proxy(v.expose()),
            /// Ignore the proxies of the environment.
            no_proxy: Flag { python no_proxy, ffi no_proxy flag, cli "--no-proxy" }
                no_proxy |b: $crate::ClientBuilder, v| if v { b.no_proxy() } else { b },
            /// Clock skew tolerated when checking the API key's expiry (default 60 s).
            expiry_skew: Duration { python expiry_skew, ffi expiry_skew_seconds s, cli "--expiry-skew" }
                expiry_skew |b: $crate::ClientBuilder, v| b.expiry_skew(v),
            /// The integer codes sent for address types where the wire wants a code.
            /// Default legacy 0, p2sh-segwit 1, bech32 2, mweb 3: the service's convention.
            address_type_codes: Codes { python address_type_codes, ffi address_type_codes codes, cli "--address-type-codes" }
                address_type_codes |b: $crate::ClientBuilder, v| b.address_type_codes(v),
            /// When a request whose answer was lost can no longer be in flight.
            /// Only then may resolve say not applied. Default: the timeout plus 60 s.
            settle_time: Duration { python settle_time, ffi settle_time_ms ms, cli "--settle-time" }
                settle_time |b: $crate::ClientBuilder, v| b.settle_time(v),
            /// The secret that signs the event cursors and outcome tokens of this client.
            /// At least 32 characters; it also checks the cursors and tokens taken back.
            /// Default: a random key of the process, so give every process that resumes a
            /// watch or resolves a token the same one.
            state_key: SecretText { python state_key, ffi state_key secret, cli "--state-key-file" }
                state_key |b: $crate::ClientBuilder, v: &$crate::Secret| b.state_key(v.expose()),
        }
    };
}

macro_rules! declare_setting_list {
    (settings: $( $(#[doc = $doc:literal])* $name:ident : $kind:ident { python $py:ident, ffi $ffi:ident $unit:ident, cli $cli:literal } $rust:ident $apply:expr, )*) => {
        /// Every setting of a client: the base URL and the credential, then the optional ones.
        pub const CLIENT_SETTINGS: &[ClientSetting] = &[
            ClientSetting { name: "base_url", about: "The service's base URL.", rust: "base_url", python: "base_url", ffi: "base_url", cli: "--base-url" },
            ClientSetting { name: "credential", about: "The API key (JWT) or a node URL.", rust: "credential", python: "api_key", ffi: "credential", cli: "--api-key-file" },
            $( ClientSetting {
                name: stringify!($name),
                about: first_sentence(&[$($doc),*]),
                rust: stringify!($rust),
                python: stringify!($py),
                ffi: stringify!($ffi),
                cli: $cli,
            }, )*
        ];
    };
}

/// The first line of a documentation, without its leading space (a setting's documentation
/// starts with a sentence of one line).
const fn first_sentence(doc: &[&'static str]) -> &'static str {
    match doc.first() {
        Some(line) => match line.as_bytes().split_first() {
            Some((b' ', rest)) => match std::str::from_utf8(rest) {
                Ok(text) => text,
                Err(_) => line,
            },
            _ => line,
        },
        None => "",
    }
}

crate::for_each_client_setting!(declare_setting_list);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_listed_once_and_says_what_it_does() {
        let mut names: Vec<&str> = CLIENT_SETTINGS.iter().map(|s| s.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), CLIENT_SETTINGS.len(), "a setting is listed twice");
        for s in CLIENT_SETTINGS {
            assert!(s.about.ends_with('.') && !s.about.starts_with(' '), "{}: {:?}", s.name, s.about);
        }
    }
}
