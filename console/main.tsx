/** The console's entry: the session and language provider, then the shell. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { ConsoleProvider } from './context.js';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ConsoleProvider sessionStorage={window.sessionStorage} preferences={window.localStorage}>
        <App />
      </ConsoleProvider>
    </StrictMode>,
  );
}
