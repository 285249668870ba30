package io.s3workload.s3.paths;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.s3workload.testing.QuickTier;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.xml.stream.XMLInputFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What the store factory sets up for every client before the first request. */
@Tag(QuickTier.TAG)
class StoreFactoryTest {

    private static final String JDK_FACTORY = "com.sun.xml.internal.stream.XMLInputFactoryImpl";

    @Test
    void theSdksXmlParserIsGivenTheJdksFactoryByName() throws Exception {
        // initialising the factory names it: a virtual thread's first parse then reads nothing from the jar
        Class.forName(StoreFactory.class.getName(), true, StoreFactory.class.getClassLoader());
        assertEquals(JDK_FACTORY, System.getProperty(StoreFactory.XML_INPUT_FACTORY));
        CompletableFuture<String> made = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> made.complete(XMLInputFactory.newInstance().getClass().getName()));
        assertEquals(JDK_FACTORY, made.get(1, TimeUnit.MINUTES),
                "the same factory ServiceLoader fell back to");
    }
}
