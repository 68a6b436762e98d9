package org.walletsdk

/**
 * The offline functions that Java cannot call as Kotlin declares them, with Java's types. An
 * unsigned parameter gives a Kotlin function a JVM name that Java cannot write; every other
 * offline function Java calls as it is, through `Wallet_sdk_ffiKt`.
 */
object JavaOffline {
    /**
     * [paymentQr] for Java: draws `text` as a QR code, SVG text or PNG bytes (`QrImage.getData()`).
     * `errorCorrection` null is `M`; `moduleSize` is the side of one module in pixels, 1 to 32,
     * null for 8. Throws `WalletException.InvalidInputException` on `text` when it does not fit a
     * QR code, and on `module_size` out of range.
     */
    @JvmStatic
    @JvmOverloads
    @Throws(WalletException::class)
    fun paymentQr(text: String, format: QrFormat, errorCorrection: QrErrorCorrection? = null, moduleSize: Int? = null): QrImage {
        if (moduleSize != null && moduleSize < 0) {
            val why = "invalid input `module_size`: must be 1 to 32 pixels, not $moduleSize"
            throw WalletException.InvalidInputException(why, null, null, null, null, "module_size", null, null, null, null, 0, false, null, null)
        }
        return org.walletsdk.paymentQr(text, format, errorCorrection, moduleSize?.toUInt())
    }
}
