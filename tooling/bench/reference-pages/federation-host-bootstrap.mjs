// Loads the one remote's page through the federation runtime and renders it.
import { createElement, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

const RemotePage = lazy(() => import('reference_remote/page').then((module) => ({ default: module.ReferenceRemotePage })));

createRoot(document.getElementById('root')).render(createElement(Suspense, { fallback: null }, createElement(RemotePage)));
