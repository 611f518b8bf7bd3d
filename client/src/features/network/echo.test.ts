import { describe, expect, it } from 'vitest';
import { ECHO_MESSAGES } from '@pacs/common';
import { destinationEcho, dicomUserEcho, echoOutcome } from './echo.ts';

describe('echo requests', () => {
  it('calls a DICOM user by its AE title from the provider, and a destination with its own AE titles', () => {
    const user = { No: 1, Provider: 1, Connector: null, Name: 'CT', AETitle: 'CT_ONE', IPAddress: '10.0.0.9', Port: 104 };
    expect(dicomUserEcho(user, { AETitle: 'ORTHANC' })).toEqual({
      IPAddress: '10.0.0.9',
      Port: 104,
      CalledAETitle: 'CT_ONE',
      CallingAETitle: 'ORTHANC',
    });
    const destination = { No: 2, Name: 'Read', IPAddress: '10.0.0.8', Port: 11112, CalledAETitle: 'READ', CallingAETitle: 'ARCHIVE' };
    expect(destinationEcho(destination)).toEqual({ IPAddress: '10.0.0.8', Port: 11112, CalledAETitle: 'READ', CallingAETitle: 'ARCHIVE' });
  });
});

describe('echoOutcome', () => {
  it('reads Success from the status and each failure from its message', () => {
    expect(echoOutcome({ TcpResult: true, Status: '0000', Message: ECHO_MESSAGES.success })).toBe('success');
    expect(echoOutcome({ TcpResult: false, Status: 'Failure', Message: ECHO_MESSAGES.connect_failed })).toBe('connect_failed');
    expect(echoOutcome({ TcpResult: true, Status: 'Failure', Message: ECHO_MESSAGES.echo_failed })).toBe('echo_failed');
    expect(echoOutcome({ TcpResult: true, Status: 'Failure', Message: ECHO_MESSAGES.rejected })).toBe('rejected');
  });

  it('leaves an unknown message to be shown as sent, unless no connection was made', () => {
    expect(echoOutcome({ TcpResult: true, Status: 'Failure', Message: 'Something new' })).toBeUndefined();
    expect(echoOutcome({ TcpResult: false, Status: 'Failure', Message: 'Something new' })).toBe('connect_failed');
  });
});
