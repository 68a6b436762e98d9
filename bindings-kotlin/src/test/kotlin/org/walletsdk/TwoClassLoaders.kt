package org.walletsdk

import java.io.File
import java.net.URLClassLoader
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit
import kotlin.system.exitProcess

/**
 * Run by [FastPathTest] in a JVM of its own: loads the SDK's classes twice (two class loaders,
 * each with its own copy of every class) over the one native library, and calls through both at
 * once. Every result must be read by its own loader's classes.
 */
object TwoClassLoaders {
    @JvmStatic
    fun main(args: Array<String>) {
        val urls = args[0].split(File.pathSeparator).filter { it.isNotEmpty() }.map { File(it).toURI().toURL() }.toTypedArray()
        val loaders = List(2) { URLClassLoader(urls, ClassLoader.getPlatformClassLoader()) }
        val clients = loaders.map { loader ->
            val type = loader.loadClass("org.walletsdk.JavaWalletClient")
            loader to (type.getMethod("fromEnv").invoke(null) as AutoCloseable)
        }
        val calls = (0 until 300).map { i ->
            val (loader, client) = clients[i % 2]
            loader to (client.javaClass.getMethod("blockchainInfoAsync").invoke(client) as CompletableFuture<*>)
        }
        for ((loader, call) in calls) {
            val info = call.get(30, TimeUnit.SECONDS)
            if (info!!.javaClass.classLoader !== loader) {
                println("a result was read by the other loader's classes")
                exitProcess(1)
            }
        }
        clients.forEach { (_, client) -> client.close() }
        println("${calls.size} results, each read by its own loader")
        exitProcess(0)
    }
}
