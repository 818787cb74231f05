import '../../testing/dom-polyfills';
import { isExampleAddress } from '@agentry/domain/address';
import { render, screen } from '@testing-library/react';
import { ExampleBadge } from './example-badge';

describe('example listings', () => {
  it.each([
    ['https://replyranch.example/', true],
    ['replyranch.example', true],
    ['https://shop.example./pricing', true],
    ['https://example.com', false],
    ['https://replyranch.examples.io', false],
    ['not a url', false],
  ])('takes %p for an example site: %p', (address, example) => {
    expect(isExampleAddress(address)).toBe(example);
  });

  it('marks a listing under .example as an example, and says nothing of a real site', () => {
    const { container, rerender } = render(<ExampleBadge address="https://replyranch.example/" />);
    expect(screen.getByText('Example').textContent).toBe('Example listing: its site is not a real one');
    rerender(<ExampleBadge address="https://replyranch.io/" />);
    expect(container.innerHTML).toBe('');
  });
});
