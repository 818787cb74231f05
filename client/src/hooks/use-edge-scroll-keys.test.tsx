import { fireEvent, render } from '@testing-library/react';
import { useEdgeScrollKeys } from './use-edge-scroll-keys';

function Page() {
  useEdgeScrollKeys();
  return <textarea aria-label="query" />;
}

describe('useEdgeScrollKeys', () => {
  let scrollTo: jest.Mock;
  beforeEach(() => {
    scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });

  it('scrolls to the top on Home and to the bottom on End', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: 'Home' });
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
    fireEvent.keyDown(document.body, { key: 'End' });
    expect(scrollTo).toHaveBeenLastCalledWith(
      expect.objectContaining({ top: document.documentElement.scrollHeight }),
    );
  });

  it('leaves Home and End to a text field that has focus', () => {
    const { getByLabelText } = render(<Page />);
    fireEvent.keyDown(getByLabelText('query'), { key: 'Home' });
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('ignores other keys and modified Home/End', () => {
    render(<Page />);
    fireEvent.keyDown(document.body, { key: 'PageDown' });
    fireEvent.keyDown(document.body, { key: 'End', ctrlKey: true });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
