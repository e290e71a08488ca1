#!/usr/bin/env node
// Runs the fake's TypeScript through tsx's loader: it is a development tool, never built.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
