import Highlighting
import Testing
