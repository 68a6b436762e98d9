//! The enums the SDK hands out whose values print as a name (the offline toolkit's, the event
//! stream's, `resolve`'s), declared by one macro.

/// Declares each enum with its printed name (`as_str`, `Display`), the same in every language,
/// and `ALL` and `from_name`.
macro_rules! declare_named_enums {
    ($( $(#[doc = $doc:literal])* $name:ident { $( $(#[doc = $vdoc:literal])* $variant:ident = $text:literal ),* $(,)? } )*) => {
        $(
            $(#[doc = $doc])*
            #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
            pub enum $name {
                $( $(#[doc = $vdoc])* $variant, )*
            }

            impl $name {
                /// Every value, in declaration order.
                pub const ALL: &'static [$name] = &[$( $name::$variant ),*];

                /// The printed name.
                pub fn as_str(self) -> &'static str {
                    match self {
                        $( $name::$variant => $text, )*
                    }
                }

                /// The value printed as `name` (ASCII case ignored), for the bindings that
                /// take these enums as text.
                pub fn from_name(name: &str) -> Option<$name> {
                    Self::ALL.iter().copied().find(|v| v.as_str().eq_ignore_ascii_case(name))
                }
            }

            impl std::fmt::Display for $name {
                fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str(self.as_str())
                }
            }
        )*
    };
}
pub(crate) use declare_named_enums;
