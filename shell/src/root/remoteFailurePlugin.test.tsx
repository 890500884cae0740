import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { resetErrorReports } from '@tradeboard/shared/web';
import { stubFetch, stubMatchMedia } from '../test/browserStubs.ts';
import { remoteFailurePlugin } from './remoteFailurePlugin.ts';

type Hook = (args: Record<string, unknown>) => Promise<unknown>;

describe('remote failure plugin', () => {
  beforeEach(() => {
    stubMatchMedia();
    resetErrorReports();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("renders the error panel in the remote's own area and reports the failure once", async () => {
    const calls = stubFetch();
    const onFailure = vi.fn();
    const plugin = remoteFailurePlugin({ quiet: () => false, onFailure });
    const hook = plugin.errorLoadRemote as unknown as Hook;
    const error = new Error('Loading script failed: /remotes/boards/remoteEntry.js');

    const manifest = (await hook({ id: 'mf_boards/manifest', error, lifecycle: 'afterResolve', from: 'runtime' })) as { default: unknown };
    expect(manifest.default).toBeNull();
    const app = (await hook({ id: 'mf_boards/app', error, lifecycle: 'onLoad', from: 'runtime' })) as {
      mount: (props: { domElement: HTMLElement }) => Promise<void>;
      unmount: () => Promise<void>;
    };

    const area = document.createElement('div');
    const chrome = document.createElement('nav');
    chrome.textContent = 'Sidebar still here';
    document.body.append(chrome, area);
    await app.mount({ domElement: area });

    expect(await screen.findByText('This part of Tradeboard could not be loaded')).toBeTruthy();
    expect(area.textContent).toContain('This part of Tradeboard could not be loaded');
    expect(chrome.textContent).toBe('Sidebar still here');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();

    await waitFor(() => expect(calls.filter((call) => call.url === '/api/System/SendErrorEmail')).toHaveLength(1));
    expect((calls.find((call) => call.url === '/api/System/SendErrorEmail')!.body as { subject: string }).subject).toContain('mf_boards');
    expect(onFailure).toHaveBeenCalledWith('mf_boards', error);

    await app.unmount();
    expect(area.textContent).toBe('');
  });

  it('retries by reloading the page', async () => {
    stubFetch();
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload, href: 'http://localhost:3000/sales' });
    const hook = remoteFailurePlugin({ quiet: () => false, onFailure: vi.fn() }).errorLoadRemote as unknown as Hook;
    const app = (await hook({ id: 'mf_crm/app', error: new Error('x'), lifecycle: 'onLoad', from: 'runtime' })) as {
      mount: (props: { domElement: HTMLElement }) => Promise<void>;
    };
    const area = document.createElement('div');
    document.body.append(area);
    await app.mount({ domElement: area });
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('stays quiet for switched-off remotes and ignores shared-module failures', async () => {
    const calls = stubFetch();
    const onFailure = vi.fn();
    const hook = remoteFailurePlugin({ quiet: (name) => name === 'mf_admin', onFailure }).errorLoadRemote as unknown as Hook;
    await hook({ id: 'mf_admin/manifest', error: new Error('x'), lifecycle: 'afterResolve', from: 'runtime' });
    expect(await hook({ id: 'react', error: new Error('x'), lifecycle: 'beforeLoadShare', from: 'runtime' })).toBeUndefined();
    expect(onFailure).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });
});
