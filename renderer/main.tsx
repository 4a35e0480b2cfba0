/** The renderer's entry: the bridge (Electron's preload or browser mode's WebSocket), the store, the screens. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { connectBridge } from './bridge.js';
import { TerminalProvider } from './state/context.js';
import { createTerminalStore } from './state/terminal.js';
import './styles.css';

const bridge = connectBridge(window);
const store = createTerminalStore(bridge, window.localStorage);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <TerminalProvider bridge={bridge} store={store}>
        <App />
      </TerminalProvider>
    </StrictMode>,
  );
}
