import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchBox } from './search-box';

function ControlledSearchBox({
  onSubmit,
  searching = false,
}: {
  onSubmit: (query: string) => void;
  searching?: boolean;
}) {
  const [value, setValue] = useState('');
  return <SearchBox value={value} onChange={setValue} onSubmit={onSubmit} searching={searching} />;
}

const box = () =>
  screen.getByRole('textbox', { name: 'Describe the job you need done' }) as HTMLTextAreaElement;

describe('SearchBox', () => {
  it('is a labelled one-row textarea inside a search landmark', () => {
    render(<ControlledSearchBox onSubmit={() => {}} />);
    expect(box().tagName).toBe('TEXTAREA');
    expect(box().rows).toBe(1);
    expect(screen.getByRole('search', { name: 'Search agents' }).contains(box())).toBe(true);
  });

  it('submits the trimmed query when Enter is pressed', async () => {
    const onSubmit = jest.fn();
    render(<ControlledSearchBox onSubmit={onSubmit} />);
    await userEvent.type(box(), '  answer emails  {Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('answer emails');
    expect(box().value).toBe('  answer emails  ');
  });

  it('inserts a new line on Shift+Enter without submitting', async () => {
    const onSubmit = jest.fn();
    render(<ControlledSearchBox onSubmit={onSubmit} />);
    await userEvent.type(box(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(box().value).toBe('first line\nsecond line');
  });

  it('does nothing for a blank query, by Enter or by the button', async () => {
    const onSubmit = jest.fn();
    render(<ControlledSearchBox onSubmit={onSubmit} />);
    await userEvent.type(box(), '   {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does nothing for one character, by Enter or by the button (issue 25: a search starts at two)', async () => {
    const onSubmit = jest.fn();
    render(<ControlledSearchBox onSubmit={onSubmit} />);
    await userEvent.type(box(), ' r {Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.type(box(), 'i{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('r i');
  });

  it('submits with the Search button', async () => {
    const onSubmit = jest.fn();
    render(<ControlledSearchBox onSubmit={onSubmit} />);
    await userEvent.type(box(), 'bookkeeping');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledWith('bookkeeping');
  });

  it('reads "Searching..." and is disabled while a search runs', async () => {
    const onSubmit = jest.fn();
    render(<SearchBox value="bookkeeping" onChange={() => {}} onSubmit={onSubmit} searching />);
    const button = screen.getByRole('button', { name: 'Searching...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.type(box(), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes focus 100 ms after it appears', () => {
    jest.useFakeTimers();
    try {
      render(<ControlledSearchBox onSubmit={() => {}} />);
      act(() => jest.advanceTimersByTime(99));
      expect(document.activeElement).not.toBe(box());
      act(() => jest.advanceTimersByTime(1));
      expect(document.activeElement).toBe(box());
    } finally {
      jest.useRealTimers();
    }
  });
});
