import { useDarkMode } from '../../lib/theme';

export function DarkModeToggle() {
  const { darkMode, toggle } = useDarkMode();
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={toggle}
      aria-pressed={darkMode}
      title={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}
    >
      <span aria-hidden="true">{darkMode ? '☀' : '☾'}</span>
      <span className="visually-hidden">Dark mode</span>
    </button>
  );
}
