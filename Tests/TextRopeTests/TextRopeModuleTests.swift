import TextRope
import Testing
