import "server-only";
import { xmlText } from "./xml-text";

// The parts of a one-sheet workbook besides the sheet itself (ECMA-376 parts 1 and 2): the
// package's content types and relationships, the workbook naming its sheet, and the styles its
// cells refer to. Fonts, fills and borders are the least Excel accepts: one font, bold once, and
// the two fills it reserves.

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const MAIN_NAMESPACE = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships";
export const OFFICE_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml";

/** The cell formats (cellXfs) by index, as cells' s attributes name them. */
export const STYLE = { text: 0, header: 1, date: 2, number: 3 } as const;

/** The one custom number format; "#,##0" is Excel's built-in format 3. */
const DATE_FORMAT = { id: 164, code: "yyyy-mm-dd hh:mm:ss" };
const THOUSANDS_FORMAT_ID = 3;

export const SHEET_PATH = "xl/worksheets/sheet1.xml";
export const SHARED_STRINGS_PATH = "xl/sharedStrings.xml";

/** Excel's rules for a sheet's name: 1 to 31 characters, none of : \ / ? * [ ], no quote at either end. */
function checkSheetName(name: string): string {
  if (
    name.length === 0 ||
    name.length > 31 ||
    /[:\\/?*[\]]/.test(name) ||
    name.startsWith("'") ||
    name.endsWith("'") ||
    name.toLowerCase() === "history"
  )
    throw new Error(
      `"${name}" cannot name a sheet: 1 to 31 characters, none of : \\ / ? * [ ], no quote at either end, not History.`,
    );
  return name;
}

const font = (bold: boolean) =>
  `<font>${bold ? "<b/>" : ""}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;

const cellFormat = (numFmtId: number, fontId: number) =>
  `<xf numFmtId="${numFmtId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"` +
  `${numFmtId === 0 ? "" : ' applyNumberFormat="1"'}${fontId === 0 ? "" : ' applyFont="1"'}/>`;

const STYLES =
  `${XML_DECLARATION}<styleSheet xmlns="${MAIN_NAMESPACE}">` +
  `<numFmts count="1"><numFmt numFmtId="${DATE_FORMAT.id}" formatCode="${DATE_FORMAT.code}"/></numFmts>` +
  `<fonts count="2">${font(false)}${font(true)}</fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  // In STYLE's order.
  `<cellXfs count="4">${cellFormat(0, 0)}${cellFormat(0, 1)}${cellFormat(DATE_FORMAT.id, 0)}${cellFormat(THOUSANDS_FORMAT_ID, 0)}</cellXfs>` +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  "</styleSheet>";

const CONTENT_TYPES =
  `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.sheet.main+xml"/>` +
  `<Override PartName="/${SHEET_PATH}" ContentType="${CONTENT_TYPE}.worksheet+xml"/>` +
  `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/>` +
  `<Override PartName="/${SHARED_STRINGS_PATH}" ContentType="${CONTENT_TYPE}.sharedStrings+xml"/>` +
  "</Types>";

const relationships = (targets: readonly (readonly [type: string, target: string])[]) =>
  `${XML_DECLARATION}<Relationships xmlns="${RELATIONSHIPS}">` +
  targets
    .map(
      ([type, target], index) =>
        `<Relationship Id="rId${index + 1}" Type="${OFFICE_RELATIONSHIPS}/${type}" Target="${target}"/>`,
    )
    .join("") +
  "</Relationships>";

const workbook = (sheetName: string) =>
  `${XML_DECLARATION}<workbook xmlns="${MAIN_NAMESPACE}" xmlns:r="${OFFICE_RELATIONSHIPS}">` +
  '<bookViews><workbookView activeTab="0"/></bookViews>' +
  `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets>` +
  "</workbook>";

/** Every part but the sheet and its shared strings, by path in the package, in the order they are written. */
export function packageParts(sheetName: string): [path: string, xml: string][] {
  return [
    ["[Content_Types].xml", CONTENT_TYPES],
    ["_rels/.rels", relationships([["officeDocument", "xl/workbook.xml"]])],
    ["xl/workbook.xml", workbook(checkSheetName(sheetName))],
    [
      "xl/_rels/workbook.xml.rels",
      relationships([
        ["worksheet", SHEET_PATH.slice("xl/".length)],
        ["styles", "styles.xml"],
        ["sharedStrings", SHARED_STRINGS_PATH.slice("xl/".length)],
      ]),
    ],
    ["xl/styles.xml", STYLES],
  ];
}
