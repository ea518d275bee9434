import FuzzSupport

FuzzDriver.main(.gamebook)
