import '../../features/directory/components/directory.css';
import { DirectoryBrowser } from '../../features/directory/components/directory-browser';

// Lazy route module for /directory.
export function Component() {
  return <DirectoryBrowser />;
}
