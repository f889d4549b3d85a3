import { docStoreContract } from './contract.ts';
import { createMemoryDocStore } from './memory.ts';

docStoreContract('memory', async () => ({ store: createMemoryDocStore(), cleanup: async () => {} }));
