import { useSyncExternalStore } from 'react';

const KEY = 'darkMode';
const listeners = new Set<() => void>();

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

function readDarkMode(): boolean {
  const stored = localStorage.getItem(KEY);
  return stored === null ? systemPrefersDark() : stored === 'true';
}

let darkMode = readDarkMode();

function apply(): void {
  document.documentElement.dataset.theme = darkMode ? 'dark' : 'light';
}

/** Sets the page's theme before the first render, so a dark-mode user never sees a white flash. */
export function applyStoredTheme(): void {
  apply();
}

function setDarkMode(on: boolean): void {
  darkMode = on;
  localStorage.setItem(KEY, String(on));
  apply();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Dark mode: the stored choice, else the system's preference; toggling stores the choice. */
export function useDarkMode(): { darkMode: boolean; toggle: () => void } {
  const on = useSyncExternalStore(subscribe, () => darkMode);
  return { darkMode: on, toggle: () => setDarkMode(!on) };
}
