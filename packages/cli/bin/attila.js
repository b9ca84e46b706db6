#!/usr/bin/env node
// The `attila` command. The workspace is TypeScript run in place, so the TypeScript loader is registered first.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
