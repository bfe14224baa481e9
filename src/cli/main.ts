#!/usr/bin/env node
// `referee`: the Administrator's command line, the executable (package.json's bin). What it does is program.ts;
// this file only runs it with the process's arguments and exits with its answer.
import nodeModule from 'node:module';
import { referee } from './program.js';

// Node's cache of compiled code (Node 22.1 and later; NODE_DISABLE_COMPILE_CACHE=1 turns it off): every module
// a verb imports from here on is compiled once per version of it, not once per command. Absent on Node 20,
// where nothing is done; a cache that cannot be written is skipped by Node itself.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

process.exitCode = await referee(process.argv.slice(2));
