/**
 * The report PDF (issue "Reports"): header and footer grids of spec 2 §2 (logo and institution
 * text, mirrored for right-to-left), patient and study facts, the document's sections as the
 * report layout names them, its key images, a signature box, borders and margins from the PDF
 * settings, font size 90 % of 10 pt by default. Text in any script (see text.ts).
 */
import PDFDocument from 'pdfkit';
import {
  formatDicomDate,
  formatInstant,
  formatPersonName,
  reportGrid,
  type DisplayFormat,
  type GridPosition,
  type NameFormat,
} from '@pacs/common';
import { FONT_FILES, TextWriter, isRtlText, type FontFamily } from './text.ts';

export interface PdfBlockSettings {
  is_visible: { logo: boolean; text: boolean };
  logo: { position: GridPosition; type: 'image' | 'text'; image_width: number; image_height: number; text: string; text_font_size: number };
  text: { position: GridPosition; items: { key: string; is_visible: boolean }[]; font_size: number; alignment: GridPosition };
  is_reversed: boolean;
  margin_top: number;
  margin_bottom: number;
  border: { position: string[]; width: number; color: string };
}

export interface ReportPdfInput {
  lang: string;
  /** The site's date format and time zone (configs): dates read as on the report screen. */
  display: DisplayFormat & NameFormat;
  settings: { font_size: number; header: PdfBlockSettings; footer: PdfBlockSettings };
  layout: { key: string; label: string; is_visible: boolean }[];
  institution: Record<'name' | 'address' | 'email' | 'phone' | 'fax' | 'website', string>;
  logos: { header?: Buffer; footer?: Buffer };
  /** Fields hidden from the caller's role (a teleradiology kind hides PatientName) are absent. */
  study: {
    PatientName?: string;
    PatientID: string;
    PatientBirthDate: string;
    PatientSex: string;
    StudyDate: string;
    ModalitiesInStudy: string[];
    StudyDescription: string;
    AccessionNumber: string;
    ReferringPhysicianName: string;
  };
  document: { Title: string; Status: string; DoctorName: string; UpdatedAt: string; fields: Record<string, string> };
  keyImages: Buffer[];
}

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa']);

/** Labels in the report's language; English where a language has none yet. */
const LABELS: Record<string, Record<string, string>> = {
  en: {
    patient: 'Patient',
    id: 'Patient ID',
    birth: 'Birth date',
    sex: 'Sex',
    date: 'Study date',
    modality: 'Modality',
    description: 'Description',
    accession: 'Accession',
    referring: 'Referring physician',
    key_images: 'Key images',
    signature: 'Signature',
    status: 'Status',
  },
  ja: {
    patient: '患者名',
    id: '患者ID',
    birth: '生年月日',
    sex: '性別',
    date: '検査日',
    modality: 'モダリティ',
    description: '検査内容',
    accession: '受付番号',
    referring: '依頼医',
    key_images: 'キー画像',
    signature: '署名',
    status: '状態',
  },
  he: {
    patient: 'מטופל',
    id: 'מזהה מטופל',
    birth: 'תאריך לידה',
    sex: 'מין',
    date: 'תאריך בדיקה',
    modality: 'מודליות',
    description: 'תיאור',
    accession: 'מספר הזמנה',
    referring: 'רופא מפנה',
    key_images: 'תמונות מפתח',
    signature: 'חתימה',
    status: 'מצב',
  },
  'zh-CN': {
    patient: '患者姓名',
    id: '患者ID',
    birth: '出生日期',
    sex: '性别',
    date: '检查日期',
    modality: '设备类型',
    description: '检查描述',
    accession: '检查号',
    referring: '申请医生',
    key_images: '关键图像',
    signature: '签名',
    status: '状态',
  },
  ko: {
    patient: '환자 이름',
    id: '환자 ID',
    birth: '생년월일',
    sex: '성별',
    date: '검사일',
    modality: '모달리티',
    description: '검사 설명',
    accession: '접수 번호',
    referring: '의뢰의',
    key_images: '키 이미지',
    signature: '서명',
    status: '상태',
  },
  'pt-BR': {
    patient: 'Paciente',
    id: 'ID do paciente',
    birth: 'Data de nascimento',
    sex: 'Sexo',
    date: 'Data do exame',
    modality: 'Modalidade',
    description: 'Descrição',
    accession: 'Número de acesso',
    referring: 'Médico solicitante',
    key_images: 'Imagens-chave',
    signature: 'Assinatura',
    status: 'Situação',
  },
  vi: {
    patient: 'Bệnh nhân',
    id: 'Mã bệnh nhân',
    birth: 'Ngày sinh',
    sex: 'Giới tính',
    date: 'Ngày chụp',
    modality: 'Thiết bị',
    description: 'Mô tả',
    accession: 'Mã tiếp nhận',
    referring: 'Bác sĩ chỉ định',
    key_images: 'Ảnh chính',
    signature: 'Chữ ký',
    status: 'Trạng thái',
  },
  ar: {
    patient: 'المريض',
    id: 'رقم المريض',
    birth: 'تاريخ الميلاد',
    sex: 'الجنس',
    date: 'تاريخ الفحص',
    modality: 'نوع الجهاز',
    description: 'الوصف',
    accession: 'رقم الطلب',
    referring: 'الطبيب المحيل',
    key_images: 'الصور الرئيسية',
    signature: 'التوقيع',
    status: 'الحالة',
  },
  bg: {
    patient: 'Пациент',
    id: 'ID на пациента',
    birth: 'Дата на раждане',
    sex: 'Пол',
    date: 'Дата на изследването',
    modality: 'Модалност',
    description: 'Наименование',
    accession: 'Номер на достъп',
    referring: 'Насочващ лекар',
    key_images: 'Ключови образи',
    signature: 'Подпис',
    status: 'Статус',
  },
  es: {
    patient: 'Paciente',
    id: 'ID del paciente',
    birth: 'Fecha de nacimiento',
    sex: 'Sexo',
    date: 'Fecha del estudio',
    modality: 'Modalidad',
    description: 'Descripción',
    accession: 'Número de acceso',
    referring: 'Médico solicitante',
    key_images: 'Imágenes clave',
    signature: 'Firma',
    status: 'Estado',
  },
  fr: {
    patient: 'Patient',
    id: 'ID patient',
    birth: 'Date de naissance',
    sex: 'Sexe',
    date: 'Date de l’examen',
    modality: 'Modalité',
    description: 'Description',
    accession: 'Numéro d’accession',
    referring: 'Médecin prescripteur',
    key_images: 'Images clés',
    signature: 'Signature',
    status: 'Statut',
  },
  it: {
    patient: 'Paziente',
    id: 'ID paziente',
    birth: 'Data di nascita',
    sex: 'Sesso',
    date: 'Data dello studio',
    modality: 'Modalità',
    description: 'Descrizione',
    accession: 'Numero di accettazione',
    referring: 'Medico richiedente',
    key_images: 'Immagini chiave',
    signature: 'Firma',
    status: 'Stato',
  },
  nl: {
    patient: 'Patiënt',
    id: 'Patiënt-ID',
    birth: 'Geboortedatum',
    sex: 'Geslacht',
    date: 'Onderzoeksdatum',
    modality: 'Modaliteit',
    description: 'Omschrijving',
    accession: 'Accessionnummer',
    referring: 'Aanvragend arts',
    key_images: 'Key images',
    signature: 'Handtekening',
    status: 'Status',
  },
  pl: {
    patient: 'Pacjent',
    id: 'ID pacjenta',
    birth: 'Data urodzenia',
    sex: 'Płeć',
    date: 'Data badania',
    modality: 'Modalność',
    description: 'Opis procedury',
    accession: 'Numer dostępu',
    referring: 'Lekarz kierujący',
    key_images: 'Obrazy kluczowe',
    signature: 'Podpis',
    status: 'Status',
  },
};

const COLORS: Record<string, string> = { grey: '#888888', gray: '#888888', black: '#000000' };
const MM = 72 / 25.4;

export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: 36, bottom: 36, left: 40, right: 40 },
    info: { Title: input.document.Title || 'Report', Author: input.document.DoctorName },
  });
  doc.registerFont('main', FONT_FILES.main.file, FONT_FILES.main.name);
  doc.registerFont('main-bold', FONT_FILES.mainBold.file, FONT_FILES.mainBold.name);
  doc.registerFont('arabic', FONT_FILES.arabic.file);
  doc.registerFont('hebrew', FONT_FILES.hebrew.file);
  const families: Record<FontFamily, { regular: string; bold: string }> = {
    main: { regular: 'main', bold: 'main-bold' },
    arabic: { regular: 'arabic', bold: 'arabic' },
    hebrew: { regular: 'hebrew', bold: 'hebrew' },
  };
  const text = new TextWriter(doc, families);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const rtl = RTL_LANGUAGES.has(input.lang);
  // lang comes from the user's settings: only the catalogue's own entries count.
  const labels = { ...LABELS.en, ...(Object.hasOwn(LABELS, input.lang) ? LABELS[input.lang] : {}) } as Record<string, string>;
  const base = (10 * input.settings.font_size) / 100;
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const start: 'left' | 'right' = rtl ? 'right' : 'left';
  let y = doc.page.margins.top;

  const block = (settings: PdfBlockSettings, logo: Buffer | undefined, top: number): number => {
    let cursor = top + settings.margin_top;
    const grid = reportGrid({
      logo: { visible: settings.is_visible.logo, position: settings.logo.position },
      text: { visible: settings.is_visible.text, position: settings.text.position },
      reversed: settings.is_reversed,
      rtl,
    });
    if (grid.columns === 0) return cursor;
    const columnWidth = width / grid.columns;
    const rowBottoms: number[] = [];
    for (const row of [0, 1].slice(0, grid.rows)) {
      let bottom = cursor;
      for (const cell of grid.cells.filter((c) => c.row === row)) {
        const x = left + cell.column * columnWidth;
        if (cell.item === 'logo') {
          if (settings.logo.type === 'image' && logo) {
            const w = Math.min(settings.logo.image_width, columnWidth);
            const h = settings.logo.image_height;
            const lx = cell.align === 'left' ? x : cell.align === 'right' ? x + columnWidth - w : x + (columnWidth - w) / 2;
            doc.image(logo, lx, cursor, { fit: [w, h], valign: 'center' });
            bottom = Math.max(bottom, cursor + h);
          } else if (settings.logo.text) {
            bottom = Math.max(
              bottom,
              text.paragraph(settings.logo.text, x, cursor, columnWidth, settings.logo.text_font_size, cell.align, true),
            );
          }
        } else {
          let ty = cursor;
          for (const item of settings.text.items.filter((i) => i.is_visible)) {
            const value = input.institution[item.key as keyof ReportPdfInput['institution']];
            if (value)
              ty = text.paragraph(
                value,
                x,
                ty,
                columnWidth,
                settings.text.font_size,
                rtl ? (cell.align === 'left' ? 'left' : 'right') : cell.align,
                item.key === 'name',
              );
          }
          bottom = Math.max(bottom, ty);
        }
      }
      rowBottoms.push(bottom);
      cursor = bottom + 4;
    }
    return Math.max(...rowBottoms) + settings.margin_bottom;
  };

  const border = (settings: PdfBlockSettings, at: number) => {
    doc
      .save()
      .lineWidth(settings.border.width)
      .strokeColor(Object.hasOwn(COLORS, settings.border.color) ? COLORS[settings.border.color]! : settings.border.color);
    doc
      .moveTo(left, at)
      .lineTo(left + width, at)
      .stroke()
      .restore();
  };

  // Header
  y = block(input.settings.header, input.logos.header, y);
  if (input.settings.header.border.position.includes('bottom')) border(input.settings.header, y + 2);
  y += 14;

  // Title
  if (input.document.Title) y = text.paragraph(input.document.Title, left, y, width, base * 1.6, rtl ? 'right' : 'left', true) + 6;

  // Patient and study facts, two columns of label: value
  // The patient's name on a row of its own: with ideographic and phonetic forms it is long.
  const nameLabelWidth = (width / 2) * 0.38;
  // A role that may not see the patient's name gets a report without that row, not an error.
  if (input.study.PatientName !== undefined) {
    text.line(labels.patient!, rtl ? left + width - nameLabelWidth : left, y, nameLabelWidth - 4, base * 0.9, start);
    y =
      text.paragraph(
        formatPersonName(input.study.PatientName, input.display.nameForm),
        rtl ? left : left + nameLabelWidth,
        y,
        width - nameLabelWidth,
        base * 1.1,
        start,
        true,
      ) + 2;
  }
  const facts: [string, string][] = [
    [labels.id!, input.study.PatientID],
    [labels.birth!, formatDicomDate(input.study.PatientBirthDate, input.display.dateFormat)],
    [labels.sex!, input.study.PatientSex],
    [labels.date!, formatDicomDate(input.study.StudyDate, input.display.dateFormat)],
    [labels.modality!, input.study.ModalitiesInStudy.join(', ')],
    [labels.description!, input.study.StudyDescription],
    [labels.accession!, input.study.AccessionNumber],
    [labels.referring!, formatPersonName(input.study.ReferringPhysicianName, input.display.nameForm)],
    [labels.status!, input.document.Status],
  ];
  const half = width / 2;
  const labelWidth = half * 0.38;
  facts.forEach(([label, value], index) => {
    const column = index % 2;
    const rowY = y + Math.floor(index / 2) * base * 1.6;
    const columnX = rtl ? left + width - (column + 1) * half : left + column * half;
    const labelX = rtl ? columnX + half - labelWidth : columnX;
    const valueX = rtl ? columnX : columnX + labelWidth;
    doc.fillColor('#555555');
    text.line(label, labelX, rowY, labelWidth - 4, base * 0.9, start);
    doc.fillColor('#000000');
    text.line(value || '—', valueX, rowY, half - labelWidth - 8, base, start);
  });
  y += Math.ceil(facts.length / 2) * base * 1.6 + 10;

  // Sections in the order of the report layout
  for (const item of input.layout.filter((entry) => entry.is_visible)) {
    const body = input.document.fields[item.key] ?? '';
    if (body.trim() === '') continue;
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    y = text.paragraph(item.label, left, y, width, base * 1.15, start, true) + 2;
    y = text.paragraph(body, left, y, width, base, isRtlText(body) || rtl ? 'right' : 'left') + 8;
  }

  // Key images, up to three a row
  if (input.keyImages.length > 0) {
    y = text.paragraph(labels.key_images!, left, y, width, base * 1.15, start, true) + 4;
    const size = (width - 20) / 3;
    input.keyImages.forEach((image, index) => {
      if (index % 3 === 0 && index > 0) y += size + 10;
      if (y + size > doc.page.height - 150) {
        doc.addPage();
        y = doc.page.margins.top;
      }
      const column = rtl ? 2 - (index % 3) : index % 3;
      doc.image(image, left + column * (size + 10), y, { fit: [size, size], align: 'center', valign: 'center' });
    });
    y += size + 12;
  }

  // Signature box (30 × 50 mm) at the end of the text, on the reading side's far edge
  const boxW = 50 * MM;
  const boxH = 30 * MM;
  if (y + boxH > doc.page.height - 90) {
    doc.addPage();
    y = doc.page.margins.top;
  }
  const boxX = rtl ? left : left + width - boxW;
  doc.save().lineWidth(1).strokeColor('#888888').rect(boxX, y, boxW, boxH).stroke().restore();
  text.line(labels.signature!, boxX + 6, y + 4, boxW - 12, base * 0.9, start);
  text.line(input.document.DoctorName, boxX + 6, y + boxH - base * 3.2, boxW - 12, base, start, true);
  text.line(
    formatInstant(input.document.UpdatedAt, input.display.dateFormat, input.display.timeZone || 'UTC', { withSeconds: false }),
    boxX + 6,
    y + boxH - base * 1.7,
    boxW - 12,
    base * 0.9,
    start,
  );

  // Footer on every page
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page++) {
    doc.switchToPage(page);
    const footerTop = doc.page.height - doc.page.margins.bottom - 40;
    if (input.settings.footer.border.position.includes('top')) border(input.settings.footer, footerTop - 4);
    block(input.settings.footer, input.logos.footer, footerTop);
    text.line(
      `${page + 1} / ${range.count}`,
      left,
      doc.page.height - doc.page.margins.bottom - 6,
      width,
      base * 0.8,
      rtl ? 'left' : 'right',
    );
  }
  doc.end();
  return done;
}
