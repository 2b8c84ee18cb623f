package io.keyline.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * Keyline's layering, checked on the compiled classes of every module (this module depends on
 * them all). A change that breaks a rule fails the build with the rule's name and the offending
 * dependency. The layers are DESIGN.md's: cli → server → op → {protocol, expr, engine,
 * capacity} → {model, metadata, error, time, storage SPI}; storage backends implement the SPI.
 * The simulator sits beside the server: it drives the same core (operations, engine, capacity
 * model, metrics, memory storage), and neither uses the other.
 */
@AnalyzeClasses(packages = "io.keyline", importOptions = {ImportOption.DoNotIncludeTests.class, LayeringTest.DoNotIncludeTestJars.class})
class LayeringTest {
    /** Other modules' test-jars on this module's test class path (storage-cassandra's TestCluster) hold tests, not layers. */
    static final class DoNotIncludeTestJars implements ImportOption {
        @Override public boolean includes(com.tngtech.archunit.core.importer.Location location) {
            return !location.contains("-tests.jar");
        }
    }

    private static final String[] FOUNDATION = {
        "io.keyline.model..", "io.keyline.metadata..", "io.keyline.error..", "io.keyline.time.."};

    @ArchTest
    static final ArchRule layers = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("cli").definedBy("io.keyline.cli..")
            .layer("server").definedBy("io.keyline.server..")
            .layer("simulator").definedBy("io.keyline.simulator..")
            .layer("operations").definedBy("io.keyline.op..")
            .layer("protocol").definedBy("io.keyline.protocol..")
            .layer("expressions").definedBy("io.keyline.expr..")
            .layer("partiql").definedBy("io.keyline.partiql..")
            .layer("engine").definedBy("io.keyline.engine..")
            .layer("capacity").definedBy("io.keyline.capacity..")
            .layer("metrics").definedBy("io.keyline.metrics..")
            .layer("insights").definedBy("io.keyline.insights..")
            .layer("foundation").definedBy(FOUNDATION)
            .layer("storage SPI").definedBy("io.keyline.storage")
            .layer("storage backends").definedBy("io.keyline.storage.memory..", "io.keyline.storage.rocksdb..",
                    "io.keyline.storage.cassandra..")
            .whereLayer("cli").mayNotBeAccessedByAnyLayer()
            .whereLayer("server").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("simulator").mayOnlyBeAccessedByLayers("cli")
            .whereLayer("operations").mayOnlyBeAccessedByLayers("server", "simulator", "cli")
            .whereLayer("protocol").mayOnlyBeAccessedByLayers("operations", "server", "simulator")
            .whereLayer("expressions").mayOnlyBeAccessedByLayers("operations", "engine", "partiql")
            .whereLayer("partiql").mayOnlyBeAccessedByLayers("operations")
            .whereLayer("engine").mayOnlyBeAccessedByLayers("operations", "server", "simulator", "cli")
            .whereLayer("capacity").mayOnlyBeAccessedByLayers("engine", "insights", "operations", "server", "simulator", "cli", "metrics")
            .whereLayer("metrics").mayOnlyBeAccessedByLayers("engine", "operations", "server", "simulator", "cli")
            .whereLayer("insights").mayOnlyBeAccessedByLayers("engine", "operations", "server", "simulator", "cli")
            .whereLayer("storage backends").mayOnlyBeAccessedByLayers("simulator", "cli")
            .as("layers: cli → {server, simulator} → op → {protocol, expr, engine, metrics, capacity} → {model, metadata, error, time, storage SPI}");

    @ArchTest
    static final ArchRule noPackageCycles = slices().matching("io.keyline.(**)")
            .should().beFreeOfCycles()
            .as("no package cycles: every package of every module, one slice each");

    @ArchTest
    static final ArchRule engineFloorDoesNotImportItsTop = noClasses()
            .that().resideInAPackage("io.keyline.engine..").and().resideOutsideOfPackage("io.keyline.engine")
            .should().dependOnClassesThat().resideInAPackage("io.keyline.engine")
            .as("the engine's sub-packages never import its facade package (they share io.keyline.metadata)");

    @ArchTest
    static final ArchRule backendsImplementOnlyTheSpi = classes()
            .that().resideInAnyPackage("io.keyline.storage.memory..", "io.keyline.storage.rocksdb..", "io.keyline.storage.cassandra..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.keyline.storage", "io.keyline.storage.memory..",
                    "io.keyline.storage.rocksdb..", "io.keyline.storage.cassandra..", "io.keyline.time", "java..", "org.rocksdb..",
                    "org.slf4j..", "com.datastax.oss.driver..")
            .as("storage backends implement the storage SPI and import nothing else of Keyline but the injected clock");

    @ArchTest
    static final ArchRule expressionsStandOnTheModel = classes()
            .that().resideInAPackage("io.keyline.expr..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.keyline.expr..", "io.keyline.model..",
                    "io.keyline.error..", "java..")
            .as("expressions depend only on the data model and errors: no wire JSON, no engine");

    @ArchTest
    static final ArchRule partiqlIsALanguage = classes()
            .that().resideInAPackage("io.keyline.partiql..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.keyline.partiql..", "io.keyline.expr..",
                    "io.keyline.model..", "io.keyline.error..", "java..")
            .as("PartiQL is parsed and translated to expressions on the data model alone: no engine, no wire JSON");

    @ArchTest
    static final ArchRule capacityIsALibrary = classes()
            .that().resideInAPackage("io.keyline.capacity..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.keyline.capacity..", "io.keyline.model..",
                    "io.keyline.metadata..", "io.keyline.time..", "io.keyline.error..", "java..")
            .as("the capacity model depends only on the data model, metadata and the clock");

    @ArchTest
    static final ArchRule metricsReadTheCapacityModel = classes()
            .that().resideInAPackage("io.keyline.metrics..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.keyline.metrics..", "io.keyline.capacity..",
                    "io.keyline.model..", "io.keyline.metadata..", "io.keyline.time..", "io.keyline.error..", "java..")
            .as("metrics watch the capacity model and the clock: nothing above them (DESIGN.md: observability never sits in the model's way)");

    @ArchTest
    static final ArchRule insightsCountBesideTheEngine = classes()
            .that().resideInAPackage("io.keyline.insights..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("io.keyline.insights..", "io.keyline.capacity..",
                    "io.keyline.model..", "io.keyline.metadata..", "io.keyline.time..", "java..")
            .as("Contributor Insights depends only on the metadata (where its states live), the data model, consumed units and the clock");

    @ArchTest
    static final ArchRule engineNeverSeesTheWire = noClasses()
            .that().resideInAnyPackage("io.keyline.engine..", "io.keyline.capacity..", "io.keyline.expr..", "io.keyline.insights..",
                    "io.keyline.storage..", "io.keyline.metadata..", "io.keyline.model..")
            .should().dependOnClassesThat().resideInAPackage("io.keyline.protocol..")
            .as("the wire format stops at the operations: below them nothing reads or writes protocol JSON");

    // io.keyline.engine.api is not listed: its plain records are the vocabulary both sides share.
    @ArchTest
    static final ArchRule operationsUseTheEngineFacade = noClasses()
            .that().resideInAPackage("io.keyline.op..")
            .should().dependOnClassesThat().resideInAnyPackage("io.keyline.engine.store..", "io.keyline.engine.metering..",
                    "io.keyline.engine.index..", "io.keyline.engine.query..", "io.keyline.engine.transaction..",
                    "io.keyline.engine.catalog..", "io.keyline.engine.codec..", "io.keyline.engine.stream..",
                    "io.keyline.engine.backup..")
            .as("operations reach the engine through its facade (io.keyline.engine), its API records (io.keyline.engine.api) and metadata, not its internals");

    @ArchTest
    static final ArchRule timeOnlyThroughTheClock = noClasses()
            .that().resideInAPackage("io.keyline..").and().resideOutsideOfPackages("io.keyline.time..", "io.keyline.cli..")
            .should().callMethod(System.class, "currentTimeMillis")
            .orShould().callMethod(java.time.Instant.class, "now")
            .as("time only through the injected Clock (io.keyline.time)");
}
