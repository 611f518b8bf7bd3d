/**
 * A structural check of a DICOM audit message (DICOM PS3.15 A.5.1, the schema IHE ATNA uses),
 * written from the standard's description rather than with its schema file: which elements may
 * appear where and in which order, how many times, which attributes each must or may carry, and
 * the enumerated values the standard fixes (event action and outcome, network access point type,
 * participant object type and role, audit source type). Beyond the schema, A.5.3's rule that a
 * User Authentication or Security Alert event says which one by its EventTypeCode.
 *
 * Answers the problems found, each naming where (`AuditMessage/ActiveParticipant[2]@UserID`); an
 * empty list is a message a collector validating against PS3.15 accepts.
 */

/** The part of a DOM Element the check reads (a JSDOM or browser document's elements). */
interface XmlElement {
  readonly tagName: string;
  readonly children: ArrayLike<XmlElement>;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  readonly textContent: string | null;
  getAttribute(name: string): string | null;
}

interface XmlDocument {
  readonly documentElement: XmlElement | null;
}

/** An element's attributes: required ones, optional ones, and the values an attribute may take. */
interface AttributeRules {
  required?: readonly string[];
  optional?: readonly string[];
  values?: Readonly<Record<string, readonly string[] | RegExp>>;
}

/** A child element: its name, how many times it may appear, and its own rules. */
interface ChildRule {
  name: string;
  min: number;
  max: number;
  check: (element: XmlElement, path: string, problems: string[]) => void;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, at) => String(from + at));

/** xs:dateTime: date, time with optional fraction, optional zone. */
const DATE_TIME = /^-?\d{4,}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const BOOLEAN = ['true', 'false', '1', '0'];

function checkAttributes(element: XmlElement, path: string, rules: AttributeRules, problems: string[]): void {
  const allowed = new Set([...(rules.required ?? []), ...(rules.optional ?? [])]);
  for (const { name } of Array.from(element.attributes)) {
    if (!allowed.has(name)) problems.push(`${path}@${name}: not an attribute of ${element.tagName}`);
  }
  for (const name of rules.required ?? []) {
    const value = element.getAttribute(name);
    if (value === null || value.trim() === '') problems.push(`${path}@${name}: required`);
  }
  for (const [name, allowedValues] of Object.entries(rules.values ?? {})) {
    const value = element.getAttribute(name);
    if (value === null) continue;
    const ok = allowedValues instanceof RegExp ? allowedValues.test(value) : allowedValues.includes(value);
    if (!ok) problems.push(`${path}@${name}: '${value}' is not an allowed value`);
  }
}

/**
 * The children in the order the rules give (a sequence: each name's run where the rules put it),
 * each name as many times as allowed, and nothing else; then each child's own check.
 */
function checkChildren(element: XmlElement, path: string, rules: readonly ChildRule[], problems: string[]): void {
  const children = Array.from(element.children);
  let at = 0;
  for (const rule of rules) {
    let count = 0;
    while (at < children.length && children[at]!.tagName === rule.name) {
      count += 1;
      const child = children[at]!;
      rule.check(child, `${path}/${rule.name}${rule.max > 1 ? `[${count}]` : ''}`, problems);
      at += 1;
    }
    if (count < rule.min) problems.push(`${path}/${rule.name}: at least ${rule.min} expected, ${count} found`);
    if (count > rule.max) problems.push(`${path}/${rule.name}: at most ${rule.max} expected, ${count} found`);
  }
  for (const child of children.slice(at)) {
    const known = rules.some((rule) => rule.name === child.tagName);
    problems.push(`${path}/${child.tagName}: ${known ? 'out of order' : `not an element of ${element.tagName}`}`);
  }
}

const leaf =
  (attributes: AttributeRules = {}) =>
  (element: XmlElement, path: string, problems: string[]) => {
    checkAttributes(element, path, attributes, problems);
    checkChildren(element, path, [], problems);
  };

/** CodedValueType: a code, its coding scheme, and optionally how it reads. */
const coded = (values: AttributeRules['values'] = {}) =>
  leaf({ required: ['csd-code', 'codeSystemName'], optional: ['displayName', 'originalText'], values });

const text = (element: XmlElement, path: string, problems: string[]) => {
  checkAttributes(element, path, {}, problems);
  checkChildren(element, path, [], problems);
  if (!element.textContent?.trim()) problems.push(`${path}: empty`);
};

/** TypeValuePairType: a name and a base64 value. */
const typeValuePair = leaf({ required: ['type', 'value'], values: { value: /^[A-Za-z0-9+/=\s]*$/ } });

function eventIdentification(element: XmlElement, path: string, problems: string[]): void {
  checkAttributes(
    element,
    path,
    {
      required: ['EventDateTime', 'EventOutcomeIndicator'],
      optional: ['EventActionCode'],
      values: { EventActionCode: ['C', 'R', 'U', 'D', 'E'], EventOutcomeIndicator: ['0', '4', '8', '12'], EventDateTime: DATE_TIME },
    },
    problems,
  );
  checkChildren(
    element,
    path,
    [
      { name: 'EventID', min: 1, max: 1, check: coded() },
      { name: 'EventTypeCode', min: 0, max: Infinity, check: coded() },
      { name: 'EventOutcomeDescription', min: 0, max: 1, check: text },
    ],
    problems,
  );
}

function activeParticipant(element: XmlElement, path: string, problems: string[]): void {
  checkAttributes(
    element,
    path,
    {
      required: ['UserID', 'UserIsRequestor'],
      optional: ['AlternativeUserID', 'UserName', 'NetworkAccessPointID', 'NetworkAccessPointTypeCode'],
      values: { UserIsRequestor: BOOLEAN, NetworkAccessPointTypeCode: range(1, 5) },
    },
    problems,
  );
  // An access point is its identifier and what kind of identifier it is, together.
  if ((element.getAttribute('NetworkAccessPointID') === null) !== (element.getAttribute('NetworkAccessPointTypeCode') === null)) {
    problems.push(`${path}: NetworkAccessPointID and NetworkAccessPointTypeCode go together`);
  }
  checkChildren(
    element,
    path,
    [
      { name: 'RoleIDCode', min: 0, max: Infinity, check: coded() },
      {
        name: 'MediaIdentifier',
        min: 0,
        max: 1,
        check: (child, at, list) => checkChildren(child, at, [{ name: 'MediaType', min: 1, max: 1, check: coded() }], list),
      },
    ],
    problems,
  );
}

function auditSourceIdentification(element: XmlElement, path: string, problems: string[]): void {
  checkAttributes(element, path, { required: ['AuditSourceID'], optional: ['AuditEnterpriseSiteID'] }, problems);
  checkChildren(
    element,
    path,
    [{ name: 'AuditSourceTypeCode', min: 0, max: Infinity, check: coded({ 'csd-code': range(1, 9) }) }],
    problems,
  );
}

function participantObjectIdentification(element: XmlElement, path: string, problems: string[]): void {
  checkAttributes(
    element,
    path,
    {
      required: ['ParticipantObjectID'],
      optional: [
        'ParticipantObjectTypeCode',
        'ParticipantObjectTypeCodeRole',
        'ParticipantObjectDataLifeCycle',
        'ParticipantObjectSensitivity',
      ],
      values: {
        ParticipantObjectTypeCode: range(1, 4),
        ParticipantObjectTypeCodeRole: range(1, 24),
        ParticipantObjectDataLifeCycle: range(1, 15),
      },
    },
    problems,
  );
  const children = Array.from(element.children).map((child) => child.tagName);
  if (children.includes('ParticipantObjectName') && children.includes('ParticipantObjectQuery')) {
    problems.push(`${path}: ParticipantObjectName and ParticipantObjectQuery are a choice, not both`);
  }
  checkChildren(
    element,
    path,
    [
      { name: 'ParticipantObjectIDTypeCode', min: 1, max: 1, check: coded() },
      { name: 'ParticipantObjectName', min: 0, max: 1, check: text },
      { name: 'ParticipantObjectQuery', min: 0, max: 1, check: text },
      { name: 'ParticipantObjectDetail', min: 0, max: Infinity, check: typeValuePair },
      { name: 'ParticipantObjectDescription', min: 0, max: Infinity, check: text },
    ],
    problems,
  );
}

/** Event IDs whose event type code says which event it is (PS3.15 A.5.3). */
const TYPED_EVENTS = new Set(['110113', '110114']);

/** The problems of one audit message; [] when it follows PS3.15 A.5. */
export function auditMessageProblems(document: XmlDocument): string[] {
  const root = document.documentElement;
  if (!root || root.tagName !== 'AuditMessage') return [`root: AuditMessage expected, ${root?.tagName ?? 'nothing'} found`];
  const problems: string[] = [];
  checkAttributes(root, 'AuditMessage', {}, problems);
  checkChildren(
    root,
    'AuditMessage',
    [
      { name: 'EventIdentification', min: 1, max: 1, check: eventIdentification },
      { name: 'ActiveParticipant', min: 1, max: Infinity, check: activeParticipant },
      { name: 'AuditSourceIdentification', min: 1, max: 1, check: auditSourceIdentification },
      { name: 'ParticipantObjectIdentification', min: 0, max: Infinity, check: participantObjectIdentification },
    ],
    problems,
  );
  const event = Array.from(root.children).find((child) => child.tagName === 'EventIdentification');
  const eventId =
    event &&
    Array.from(event.children)
      .find((child) => child.tagName === 'EventID')
      ?.getAttribute('csd-code');
  if (eventId && TYPED_EVENTS.has(eventId) && !Array.from(event.children).some((child) => child.tagName === 'EventTypeCode')) {
    problems.push(`AuditMessage/EventIdentification: event ${eventId} needs an EventTypeCode`);
  }
  const requestor = (child: XmlElement) =>
    child.tagName === 'ActiveParticipant' && ['true', '1'].includes(child.getAttribute('UserIsRequestor') ?? '');
  if (!Array.from(root.children).some(requestor)) {
    problems.push('AuditMessage/ActiveParticipant: none is the requestor');
  }
  return problems;
}
