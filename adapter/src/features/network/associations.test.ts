import { describe, expect, it } from 'vitest';
import { AssociationLines, AssociationTracker, glogTime, parseAssociationLine, type AssociationEvent } from './associations.ts';

// Lines exactly as Orthanc 1.10.1 (Debian 12) wrote them with --verbose-dicom, for echoscu,
// findscu, a held association (test/harness/dicom-association.ts) and the refusals.
const ECHO = [
  'I1126 11:26:33.768395 CommandDispatcher.cpp:333] (dicom) Association Received from AET MYMOD on IP 127.0.0.1',
  'I1126 11:26:33.768565 CommandDispatcher.cpp:664] (dicom) Association Acknowledged (Max Send PDV: 16372) to AET MYMOD on IP 127.0.0.1',
  'I1126 11:26:33.811372 CommandDispatcher.cpp:961] (dicom) Received Echo Request',
  'I1126 11:26:33.855372 CommandDispatcher.cpp:929] (dicom) Finishing association with AET MYMOD on IP 127.0.0.1: DUL Peer Requested Release',
  'I1126 11:26:33.855401 CommandDispatcher.cpp:937] (dicom) Association Release with AET MYMOD on IP 127.0.0.1',
];
const AUTHORIZATION_REFUSED = [
  'W1126 11:26:33.915361 main.cpp:404] DICOM authorization rejected  for AET FINDER on IP 127.0.0.1: This AET is not listed in configuration option "DicomModalities"',
  'I1126 11:26:33.915405 CommandDispatcher.cpp:947] (dicom) DIMSE failure (aborting association with AET FINDER on IP 127.0.0.1): DIMSE Caller passed in an illegal association',
];
const UNKNOWN_CALLER = [
  'I1126 11:35:15.548490 CommandDispatcher.cpp:333] (dicom) Association Received from AET NOBODY on IP 127.0.0.1',
  'W1126 11:35:15.548578 OrthancConfiguration.cpp:770] Modality "NOBODY" is not listed in the "DicomModalities" configuration option',
  'W1126 11:35:15.548582 CommandDispatcher.cpp:617] Rejected association for remote AET NOBODY on IP 127.0.0.1',
];
const BAD_CALLED_AET = [
  'I1126 11:33:37.670952 CommandDispatcher.cpp:333] (dicom) Association Received from AET MYMOD on IP 127.0.0.1',
  'W1126 11:33:37.671020 CommandDispatcher.cpp:602] Rejected association, because of a bad called AET in the request (WRONG)',
];
const NO_ACCEPTED_CONTEXT = [
  'I1126 11:34:01.916462 CommandDispatcher.cpp:333] (dicom) Association Received from AET MYMOD on IP 127.0.0.1',
  'I1126 11:34:01.920836 CommandDispatcher.cpp:664] (dicom) Association Acknowledged (Max Send PDV: 16372) to AET MYMOD on IP 127.0.0.1 (but no valid presentation contexts)',
  'I1126 11:34:01.920956 CommandDispatcher.cpp:929] (dicom) Finishing association with AET MYMOD on IP 127.0.0.1: Peer aborted Association (or never connected)',
  'I1126 11:34:01.920962 CommandDispatcher.cpp:942] (dicom) Association Aborted with AET MYMOD on IP 127.0.0.1',
];
const TIMEOUT = [
  'I1126 11:34:38.131097 CommandDispatcher.cpp:333] (dicom) Association Received from AET MYMOD on IP 127.0.0.1',
  'I1126 11:34:38.131228 CommandDispatcher.cpp:664] (dicom) Association Acknowledged (Max Send PDV: 16372) to AET MYMOD on IP 127.0.0.1',
  'I1126 11:34:43.138871 CommandDispatcher.cpp:947] (dicom) DIMSE failure (aborting association with AET MYMOD on IP 127.0.0.1): DIMSE No data available (timeout in non-blocking mode)',
];
/** A TCP connection that sent nothing (a port check), and one that sent something else. */
const PORT_CHECK = [
  'I1126 11:33:47.004217 CommandDispatcher.cpp:333] (dicom) Association Received from AET  on IP 127.0.0.1',
  'I1126 11:33:47.004253 CommandDispatcher.cpp:384] (dicom) No presentation context proposed',
  'E1126 11:33:47.613303 CommandDispatcher.cpp:284] Receiving Association failed: Unrecognized PDU type: 47',
];

const NOW = new Date(2026, 10, 26, 12, 0, 0);
const events = (lines: string[]) => lines.map((line) => parseAssociationLine(line, NOW)).filter((e): e is AssociationEvent => e !== null);
const kinds = (lines: string[]) => events(lines).map((e) => [e.kind, e.aeTitle, e.ip]);

function run(lines: string[]) {
  const tracker = new AssociationTracker();
  const outcomes = events(lines).map((event) => tracker.apply(event));
  return { tracker, decided: outcomes.filter((o) => o?.decided).map((o) => [o!.decided, o!.aeTitle]) };
}

describe('association lines', () => {
  it('reads an echo: received, acknowledged, released', () => {
    expect(kinds(ECHO)).toEqual([
      ['received', 'MYMOD', '127.0.0.1'],
      ['acknowledged', 'MYMOD', '127.0.0.1'],
      ['released', 'MYMOD', '127.0.0.1'],
    ]);
    expect(events(ECHO)[0]!.at).toEqual(new Date(2026, 10, 26, 11, 26, 33, 768));
  });

  it('reads each way an association ends or is refused', () => {
    expect(kinds(AUTHORIZATION_REFUSED)).toEqual([['aborted', 'FINDER', '127.0.0.1']]);
    expect(kinds(UNKNOWN_CALLER)).toEqual([
      ['received', 'NOBODY', '127.0.0.1'],
      ['rejected', 'NOBODY', '127.0.0.1'],
    ]);
    expect(kinds(BAD_CALLED_AET)).toEqual([
      ['received', 'MYMOD', '127.0.0.1'],
      ['rejected', null, null],
    ]);
    expect(kinds(NO_ACCEPTED_CONTEXT)).toEqual([
      ['received', 'MYMOD', '127.0.0.1'],
      ['acknowledged', 'MYMOD', '127.0.0.1'],
      ['aborted', 'MYMOD', '127.0.0.1'],
    ]);
    expect(kinds(TIMEOUT).map((k) => k[0])).toEqual(['received', 'acknowledged', 'aborted']);
    expect(kinds(PORT_CHECK)).toEqual([
      ['received', '', '127.0.0.1'],
      ['rejected', null, null],
    ]);
  });

  it('gives a line of late December, read in January, last year', () => {
    expect(glogTime('I1231 23:59:59.900000 x.cpp:1] y', new Date(2027, 0, 1, 0, 0, 5))).toEqual(new Date(2026, 11, 31, 23, 59, 59, 900));
  });
});

describe('association tracker', () => {
  it('counts accepted and rejected associations per calling AE title', () => {
    const { decided, tracker } = run([...ECHO, ...UNKNOWN_CALLER, ...BAD_CALLED_AET, ...NO_ACCEPTED_CONTEXT, ...TIMEOUT]);
    expect(decided).toEqual([
      ['accepted', 'MYMOD'],
      ['rejected', 'NOBODY'],
      ['rejected', 'MYMOD'],
      ['accepted', 'MYMOD'],
      ['accepted', 'MYMOD'],
    ]);
    expect(tracker.live()).toEqual([]);
  });

  it('does not count a port check (a connection that proposed nothing, with no AE title)', () => {
    expect(run(PORT_CHECK).decided).toEqual([]);
  });

  it('keeps the open associations with their AE title, address and start, and the peaks', () => {
    const tracker = new AssociationTracker();
    const open = (ae: string, ip: string, second: number) => [
      `I1126 11:00:${second}.000000 C.cpp:333] (dicom) Association Received from AET ${ae} on IP ${ip}`,
      `I1126 11:00:${second}.100000 C.cpp:664] (dicom) Association Acknowledged (Max Send PDV: 16372) to AET ${ae} on IP ${ip}`,
    ];
    const outcomes = events([...open('CT1', '10.0.0.1', 10), ...open('CT1', '10.0.0.1', 11), ...open('MR 2', '10.0.0.2', 12)]).map((e) =>
      tracker.apply(e),
    );
    expect(outcomes.filter(Boolean).map((o) => [o!.aeTitle, o!.openFromAe, o!.openInAll])).toEqual([
      ['CT1', 1, 1],
      ['CT1', 2, 2],
      ['MR 2', 1, 3],
    ]);
    expect(tracker.live().map((one) => [one.AETitle, one.RemoteAddress, one.Since])).toEqual([
      ['CT1', '10.0.0.1', new Date(2026, 10, 26, 11, 0, 10).toISOString()],
      ['CT1', '10.0.0.1', new Date(2026, 10, 26, 11, 0, 11).toISOString()],
      ['MR 2', '10.0.0.2', new Date(2026, 10, 26, 11, 0, 12).toISOString()],
    ]);
    tracker.apply(parseAssociationLine('I1126 11:00:20.000000 C.cpp:937] (dicom) Association Release with AET CT1 on IP 10.0.0.1', NOW)!);
    expect(tracker.live().map((one) => one.Since)).toEqual([
      new Date(2026, 10, 26, 11, 0, 11).toISOString(),
      new Date(2026, 10, 26, 11, 0, 12).toISOString(),
    ]);
    // An end whose start was not seen (before the adapter started) changes nothing.
    expect(
      tracker.apply(parseAssociationLine('I1126 11:00:21.000000 C.cpp:942] (dicom) Association Aborted with AET XA on IP 10.0.0.9', NOW)!),
    ).toBeNull();
  });

  it('ignores every other line', () => {
    expect(
      parseAssociationLine('I1126 11:34:02.719765 OrthancFindRequestHandler.cpp:653] (dicom) DICOM C-Find request at level: Patient'),
    ).toBeNull();
    expect(parseAssociationLine('W1126 11:33:31.300743 JobsEngine.cpp:272] The jobs engine has started with 2 threads')).toBeNull();
    expect(parseAssociationLine('F: Reason: Called AE Title Not Recognized')).toBeNull();
  });
});

describe('peer text in the log', () => {
  // As Orthanc 1.10.1 wrote them for a held association whose calling AE title was
  // "EV\r\nI1126 11:2" (test/api/association-forgery.test.ts): the CR LF splits each line, and
  // the log reader (log-tail.ts) drops the CR before the break.
  const SPLIT = [
    'I1126 15:06:13.750666 CommandDispatcher.cpp:333] (dicom) Association Received from AET EV',
    'I1126 11:2 on IP 127.0.0.1',
    'I1126 15:06:13.750924 CommandDispatcher.cpp:664] (dicom) Association Acknowledged (Max Send PDV: 16372) to AET EV',
    'I1126 11:2 on IP 127.0.0.1',
    'I1126 15:06:15.273806 CommandDispatcher.cpp:929] (dicom) Finishing association with AET EV',
    'I1126 11:2 on IP 127.0.0.1: DUL Peer Requested Release',
    'I1126 15:06:15.273870 CommandDispatcher.cpp:937] (dicom) Association Release with AET EV',
    'I1126 11:2 on IP 127.0.0.1',
  ];
  const now = new Date(2026, 10, 26, 16);

  it('joins a line an AE title split, counts its association once and shows the title escaped', () => {
    const reader = new AssociationLines();
    const events = SPLIT.map((text) => reader.parse(text, now)).filter((event) => event !== null);
    expect(events.map((event) => [event.kind, event.aeTitle, event.ip])).toEqual([
      ['received', 'EV\\nI1126 11:2', '127.0.0.1'],
      ['acknowledged', 'EV\\nI1126 11:2', '127.0.0.1'],
      ['released', 'EV\\nI1126 11:2', '127.0.0.1'],
    ]);
    const tracker = new AssociationTracker();
    const outcomes = events.map((event) => tracker.apply(event));
    expect(outcomes.filter((outcome) => outcome?.decided === 'accepted')).toHaveLength(1);
    expect(tracker.live()).toEqual([]);
  });

  it('takes no event from association text anywhere but right after a whole glog header', () => {
    const reader = new AssociationLines();
    const forged = [
      'W1126 11:35:15.548578 OrthancConfiguration.cpp:770] Modality "I1126 11:26:33.768395 A.cpp:1] (dicom) Association Received from AET A on IP 1.2.3.4',
      '(dicom) Association Release with AET MYMOD on IP 127.0.0.1',
      'I1126 11:26:33.768395 CommandDispatcher.cpp:333] (dicom) Association Release with AET MYMOD on IP 127.0.0.1',
    ];
    expect(forged.map((text) => reader.parse(text, now)?.kind ?? null)).toEqual([null, null, 'released']);
    expect(parseAssociationLine('x I1126 11:26:33.768395 C.cpp:1] (dicom) Association Received from AET A on IP 1.2.3.4', now)).toBeNull();
  });

  it("keeps Orthanc's own address when an AE title imitates one, and escapes control characters", () => {
    const aborted = parseAssociationLine(
      'I1126 11:34:43.138871 CommandDispatcher.cpp:947] (dicom) DIMSE failure (aborting association with AET X on IP 9): on IP 127.0.0.1): DIMSE No data available (timeout in non-blocking mode)',
      now,
    );
    expect(aborted).toMatchObject({ kind: 'aborted', aeTitle: 'X on IP 9):', ip: '127.0.0.1' });
    expect(
      parseAssociationLine(
        'I1126 15:06:15.274604 CommandDispatcher.cpp:333] (dicom) Association Received from AET EV\u001b[31mRED on IP 127.0.0.1',
        now,
      ),
    ).toMatchObject({ aeTitle: 'EV\\x1B[31mRED' });
  });
});
