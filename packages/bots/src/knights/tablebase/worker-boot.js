// Worker threads start without the TypeScript loader the workspace runs on: register it, then load the worker.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
