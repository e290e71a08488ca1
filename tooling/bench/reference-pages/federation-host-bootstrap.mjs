// Loads the one remote's page through the federation runtime and renders it.
/// <reference lib="dom" />
import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

const RemotePage = lazy(() => import('reference_remote/page').then((module) => ({ default: module.ReferenceRemotePage })));

// reference-page.html has the root; a yardstick carries no check of its own.
createRoot(/** @type {HTMLElement} */ (document.getElementById('root'))).render(createElement(Suspense, { fallback: null }, createElement(RemotePage)));
