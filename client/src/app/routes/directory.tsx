import '../../features/directory/components/directory.css';
import { DirectoryBrowser } from '../../features/directory/components/directory-browser';
import { PublicSignals } from '../../features/signals/components/public-signals';

// Lazy route module for /directory.
export function Component() {
  return (
    <>
      <DirectoryBrowser />
      <div className="container">
        <PublicSignals />
      </div>
    </>
  );
}
