package io.keyline.storage.memory;

import io.keyline.storage.Storage;
import io.keyline.storage.StorageContractTest;

class MemoryStorageTest extends StorageContractTest {
    @Override protected Storage openStorage() { return new MemoryStorage(); }
}
