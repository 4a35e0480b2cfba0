/** The renderer's entry: the bridge (Electron's preload or browser mode's WebSocket), the store, the screens. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { connectBridge } from './bridge.js';
import { TerminalProvider } from './state/context.js';
import { createTerminalStore } from './state/terminal.js';
import { takeEnrollOffer } from './lib/enroll-offer.js';
import { connectPrinting } from './printing.js';
import './styles.css';

// Before the bridge takes the secret from the fragment: a link's server and code travel there too.
const enrollOffer = takeEnrollOffer({ location: window.location, history: window.history });
const bridge = connectBridge(window);
const store = createTerminalStore(bridge, window.localStorage);
if (enrollOffer) store.setState({ enrollOffer });
// The screens' print calls go over this bridge, in the language on screen (renderer/printing.ts).
connectPrinting(bridge, () => store.getState().language);
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
