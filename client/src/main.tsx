import './styles/base.css';
import './styles/layout.css';
import './styles/agent-card.css';
import './styles/trust.css';
import './styles/home.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App />);
