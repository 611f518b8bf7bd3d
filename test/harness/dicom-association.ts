/**
 * A DICOM association the test holds open as long as it likes: the A-ASSOCIATE-RQ for
 * Verification written by hand (PS3.8 §9.3), then A-RELEASE or A-ABORT when the test says so.
 * dcmtk's tools release as soon as their requests are answered, so they cannot show an open
 * association in the dashboard's live list.
 */
import { connect, type Socket } from 'node:net';

const VERIFICATION = '1.2.840.10008.1.1';
const IMPLICIT_LITTLE_ENDIAN = '1.2.840.10008.1.2';
const APPLICATION_CONTEXT = '1.2.840.10008.3.1.1.1';

function item(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt8(type, 0);
  head.writeUInt16BE(body.length, 2);
  return Buffer.concat([head, body]);
}

function pdu(type: number, body: Buffer): Buffer {
  const head = Buffer.alloc(6);
  head.writeUInt8(type, 0);
  head.writeUInt32BE(body.length, 2);
  return Buffer.concat([head, body]);
}

const aeTitle = (title: string) => Buffer.from(title.padEnd(16, ' ').slice(0, 16), 'ascii');

function associateRequest(calling: string, called: string): Buffer {
  const fixed = Buffer.alloc(4);
  fixed.writeUInt16BE(1, 0);
  const context = Buffer.concat([
    Buffer.from([1, 0, 0, 0]),
    item(0x30, Buffer.from(VERIFICATION)),
    item(0x40, Buffer.from(IMPLICIT_LITTLE_ENDIAN)),
  ]);
  const maxLength = Buffer.alloc(4);
  maxLength.writeUInt32BE(16384, 0);
  const user = Buffer.concat([item(0x51, maxLength), item(0x52, Buffer.from('1.2.826.0.1.3680043.10.1'))]);
  return pdu(
    0x01,
    Buffer.concat([
      fixed,
      aeTitle(called),
      aeTitle(calling),
      Buffer.alloc(32),
      item(0x10, Buffer.from(APPLICATION_CONTEXT)),
      item(0x20, context),
      item(0x50, user),
    ]),
  );
}

export interface HeldAssociation {
  /** The first byte of the peer's answer: 0x02 accepted, 0x03 rejected. */
  answer: number;
  release(): Promise<void>;
  abort(): void;
}

/** Opens an association from `calling` to `called` and waits for the answer. */
export async function holdAssociation(port: number, calling: string, called: string): Promise<HeldAssociation> {
  const socket: Socket = connect(port, '127.0.0.1');
  const next = () =>
    new Promise<number>((resolve, reject) => {
      socket.once('data', (data) => resolve(data[0] ?? -1));
      socket.once('error', reject);
    });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answered = next();
  socket.write(associateRequest(calling, called));
  const answer = await answered;
  return {
    answer,
    release: async () => {
      const released = next();
      socket.write(pdu(0x05, Buffer.alloc(4)));
      await released;
      socket.end();
    },
    abort: () => {
      socket.write(pdu(0x07, Buffer.alloc(4)));
      socket.end();
    },
  };
}
