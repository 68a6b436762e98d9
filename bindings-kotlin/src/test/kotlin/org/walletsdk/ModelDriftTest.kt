package org.walletsdk

import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test

/**
 * Every result and item type of the core, with every field, is a generated class: the core's
 * schema (`modelFields()`) against the classes, by reflection.
 */
class ModelDriftTest {
    @Test
    fun everyCoreModelFieldIsGenerated() {
        val schema = modelFields()
        assertEquals(50, schema.size)
        for ((type, fields) in schema) {
            val declared = Class.forName("org.walletsdk.$type").declaredFields.map { it.name }.toSet()
            for (field in fields) {
                val camel = field.split('_').mapIndexed { i, w -> if (i == 0) w else w.replaceFirstChar(Char::uppercaseChar) }.joinToString("")
                assertTrue("$type.$camel is missing from the generated Kotlin", camel in declared)
            }
        }
    }
}
